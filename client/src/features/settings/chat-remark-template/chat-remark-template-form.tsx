import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from '#client/lib/router/index.ts';
import styled from 'styled-components';
import { callKey, callKeyPrefix } from '#server/contracts/call.ts';
import {
  CHAT_REMARK_TEMPLATE_BODY_MAX_LENGTH,
  CHAT_REMARK_TEMPLATE_TITLE_MAX_LENGTH,
  type ChatRemarkTemplate,
  type ChatRemarkTemplateFields,
  chatRemarkTemplateFieldsSchema,
  createChatRemarkTemplateCall,
  getChatRemarkTemplateCall,
  listChatRemarkTemplatesCall,
  saveChatRemarkTemplateCall,
} from '#server/contracts/chat-remark-template.ts';
import { characterCount } from '#server/contracts/text-length.ts';
import { Button, ButtonLink } from '#client/components/button/button.tsx';
import { Notice } from '#client/components/feedback/notice.ts';
import { describedControl, FieldRow } from '#client/components/form/field-row.tsx';
import { TextArea, TextInput } from '#client/components/form/form-controls.ts';
import { PageLead } from '#client/components/page/page-text.ts';
import { type FieldName, useSchemaForm } from '#client/lib/forms/use-schema-form.ts';
import { useApiClient } from '#client/lib/request/api-client-context.ts';
import { saveCall } from '#client/lib/request/call-client.ts';
import { DEFAULT_ERROR_MESSAGE } from '#client/lib/request/http-error.ts';
import { useSaveFlow } from '#client/lib/save-flow.ts';
import { CHAT_REMARK_TEMPLATE_LIST_PATH } from './chat-remark-template-paths.ts';

// One schema for the form's life: the same rules the server validates the save with.
const fieldsSchema = chatRemarkTemplateFieldsSchema();
type TemplateField = FieldName<typeof fieldsSchema>;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.md};
  justify-content: center;
  padding-top: ${({ theme }) => theme.spacing.lg};

  & > * {
    min-width: 200px;
  }
`;

const BodyArea = styled(TextArea)`
  min-height: 14em;
`;

/**
 * A chat remark template's title and text (/mypage/setting/chat_remark_template/edit/{id}): checked
 * in the browser with the contract's schema (the server's), saved through the save flow (overlay,
 * 登録が完了しました / データの登録に失敗しました) and then back to the list. A refusal the user can
 * act on (the company's limit reached) is shown above the form; field errors go under their fields.
 */
export function ChatRemarkTemplateForm({ template }: { template?: ChatRemarkTemplate }) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const saveFlow = useSaveFlow();
  const [refusal, setRefusal] = useState<string>();
  const form = useSchemaForm(fieldsSchema, {
    defaultValues: {
      template_title: template?.template_title ?? '',
      template_body: template?.template_body ?? '',
    },
  });
  const { errors } = form;

  const send = (body: ChatRemarkTemplateFields) =>
    template
      ? saveCall(api, saveChatRemarkTemplateCall, {
          params: { template_unique_code: template.template_unique_code },
          body,
        })
      : saveCall(api, createChatRemarkTemplateCall, { body });

  const submit = form.handleSubmit(async (body) => {
    setRefusal(undefined);
    const outcome = await saveFlow.run(() => send(body));
    if (outcome.status === 'error') {
      const unplaced = form.showServerErrors(outcome.fieldErrors);
      const placed = Object.keys(outcome.fieldErrors).length > unplaced.length;
      if (!placed && outcome.message !== DEFAULT_ERROR_MESSAGE) setRefusal(unplaced[0] ?? outcome.message);
      return;
    }
    const saved = outcome.result;
    queryClient.setQueryData(
      callKey(getChatRemarkTemplateCall, { params: { template_unique_code: saved.template_unique_code } }),
      saved,
    );
    await queryClient.invalidateQueries({ queryKey: callKeyPrefix(listChatRemarkTemplatesCall) });
    await navigate(CHAT_REMARK_TEMPLATE_LIST_PATH);
  });

  /** A row's props: its name, its hint (with the characters entered so far) and its error. */
  const field = (name: TemplateField, maxLength: number) => ({
    name,
    required: true,
    hint: `${maxLength}文字以内（${characterCount(form.values[name])}文字入力済み）`,
    error: errors[name],
  });
  const control = (row: ReturnType<typeof field>) => ({
    ...describedControl(row.name, row),
    ...form.register(row.name),
  });
  const title = field('template_title', CHAT_REMARK_TEMPLATE_TITLE_MAX_LENGTH);
  const text = field('template_body', CHAT_REMARK_TEMPLATE_BODY_MAX_LENGTH);

  return (
    <>
      <PageLead>
        {template
          ? '定型文のタイトルと本文を変更できます。'
          : '新しい定型文を登録します。登録した定型文は一覧の最後に並びます。'}
      </PageLead>
      {refusal && (
        <Notice role="alert">
          <p>{refusal}</p>
        </Notice>
      )}
      <form noValidate aria-label="定型文の入力" onSubmit={(event) => void submit(event)}>
        <FieldRow label="タイトル" {...title}>
          <TextInput {...control(title)} />
        </FieldRow>
        <FieldRow label="本文" {...text}>
          <BodyArea {...control(text)} />
        </FieldRow>
        <Actions>
          <ButtonLink as={Link} to={CHAT_REMARK_TEMPLATE_LIST_PATH}>
            一覧に戻る
          </ButtonLink>
          <Button type="submit" $variant="main" disabled={form.isSubmitting}>
            保存する
          </Button>
        </Actions>
      </form>
    </>
  );
}
