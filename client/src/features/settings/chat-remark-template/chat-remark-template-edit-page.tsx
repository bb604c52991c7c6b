import { useParams } from '#client/lib/router/index.ts';
import {
  CHAT_REMARK_TEMPLATE_CODE_PATTERN,
  getChatRemarkTemplateCall,
  NEW_CHAT_REMARK_TEMPLATE_ID,
} from '#server/contracts/chat-remark-template.ts';
import { LoadFailedNotice, LoadingNotice } from '#client/components/page/page-states.tsx';
import { HttpError } from '#client/lib/request/http-error.ts';
import { useCallQuery } from '#client/lib/request/call-client.ts';
import { ChatRemarkTemplateForm } from './chat-remark-template-form.tsx';

/**
 * /mypage/setting/chat_remark_template/edit/{id}: `new` starts an empty template; a template's code
 * opens it. A code that is not one, or not the company's, is the 404 page; another failure to load
 * says so in place.
 */
export function ChatRemarkTemplateEditPage() {
  const { id: templateId } = useParams();
  if (templateId === NEW_CHAT_REMARK_TEMPLATE_ID) return <ChatRemarkTemplateForm key="new" />;
  if (templateId === undefined || !CHAT_REMARK_TEMPLATE_CODE_PATTERN.test(templateId))
    throw new HttpError(404);
  return <LoadedTemplate code={templateId} />;
}

function LoadedTemplate({ code }: { code: string }) {
  const { data, isError, isPending } = useCallQuery(
    getChatRemarkTemplateCall,
    { params: { template_unique_code: code } },
    // A 404 is the page's answer (the error page); any other failure is told in place.
    { onNotFound: 'error-page', throwOnError: (error) => error instanceof HttpError },
  );
  if (isPending) return <LoadingNotice />;
  if (isError) return <LoadFailedNotice />;
  return <ChatRemarkTemplateForm key={data.template_unique_code} template={data} />;
}
