import { useState } from 'react';
import { Link, useLocation } from '#client/lib/router/index.ts';
import {
  confirmEmailChangeCall,
  EMAIL_CHANGE_MESSAGES,
  emailChangeConfirmationSchema,
  EMAIL_CHANGE_TOKEN_FRAGMENT_KEY,
} from '#server/contracts/email-change.ts';
import { settingsPages } from '#server/contracts/pages/settings.ts';
import { Button } from '#client/components/button/button.tsx';
import { Completion } from '#client/components/completion.tsx';
import { Notice } from '#client/components/feedback/notice.ts';
import { FormActions } from '#client/components/form/form-actions.ts';
import { PageFrame } from '#client/components/page-frame.tsx';
import { useApiClient } from '#client/lib/request/api-client-context.ts';
import { saveCall } from '#client/lib/request/call-client.ts';
import { useSaveFlow } from '#client/lib/save-flow.ts';

const TITLE = 'メールアドレス変更の確認';

type Confirmation =
  { kind: 'asking' } | { kind: 'done'; email: string } | { kind: 'refused'; message: string };

/** Why the link opens nothing, and where to ask again. */
function Refused({ message }: { message: string }) {
  return (
    <Notice $tone="error" role="alert">
      <p>{message}</p>
      <p>
        <Link to={settingsPages.profile.path}>プロフィール設定へ</Link>
      </p>
    </Notice>
  );
}

/**
 * /email/confirm#token=…: the page the e-mail change's link opens (anyone: the link proves the
 * mailbox). The token stays in the fragment, which the browser sends to no server; the button sends
 * it, so a mail scanner that only opens the link changes nothing. Says in Japanese what happened.
 */
export function EmailChangeConfirmPage() {
  const api = useApiClient();
  const saveFlow = useSaveFlow();
  const { hash } = useLocation();
  const token = new URLSearchParams(hash.slice(1)).get(EMAIL_CHANGE_TOKEN_FRAGMENT_KEY);
  // A link cut short or mistyped is refused here, as the server would.
  const wellFormed = token !== null && emailChangeConfirmationSchema.safeParse({ token }).success;
  const [state, setState] = useState<Confirmation>({ kind: 'asking' });

  const confirm = async (value: string) => {
    const outcome = await saveFlow.run(
      () => saveCall(api, confirmEmailChangeCall, { body: { token: value } }),
      {
        successToast: false,
        errorToast: false,
      },
    );
    setState(
      outcome.status === 'success'
        ? { kind: 'done', email: outcome.result.user_email }
        : { kind: 'refused', message: outcome.fieldErrors.token?.[0] ?? outcome.message },
    );
  };

  return (
    <PageFrame title={TITLE}>
      {!token || !wellFormed ? (
        <Refused message={EMAIL_CHANGE_MESSAGES.linkInvalid} />
      ) : state.kind === 'done' ? (
        <Completion lead={EMAIL_CHANGE_MESSAGES.confirmed}>
          <p>新しいメールアドレス：{state.email}</p>
          <p>これからのお知らせは、このメールアドレスにお送りします。</p>
          <p>
            <Link to={settingsPages.profile.path}>プロフィール設定へ</Link>
          </p>
        </Completion>
      ) : state.kind === 'refused' ? (
        <Refused message={state.message} />
      ) : (
        <>
          <p>下のボタンを押すと、メールアドレスの変更が完了します。</p>
          <FormActions>
            <Button type="button" $variant="main" onClick={() => void confirm(token)}>
              メールアドレスの変更を完了する
            </Button>
          </FormActions>
        </>
      )}
    </PageFrame>
  );
}
