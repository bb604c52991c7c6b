import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useMemo } from 'react';
import { useNavigate } from '#client/lib/router/index.ts';
import styled from 'styled-components';
import { japanDateString } from '#server/contracts/japan-day.ts';
import { ARTICLE_TITLE_MAX_LENGTH } from '#server/contracts/news.ts';
import {
  createPartnerInformationSettingCall,
  partnerInformationFieldsSchema,
  type PartnerInformationSettingDetail,
  updatePartnerInformationSettingCall,
} from '#server/contracts/partner-information-setting.ts';
import { characterCount } from '#server/contracts/text-length.ts';
import { schemaFieldRows } from '#client/components/form/schema-field-rows.ts';
import { describedControl, FieldRow } from '#client/components/form/field-row.tsx';
import { TextInput } from '#client/components/form/form-controls.ts';
import { FormSubmitRow } from '#client/components/form/form-submit-row.tsx';
import { type EnteredValues, useSchemaForm } from '#client/lib/forms/use-schema-form.ts';
import { useApiClient } from '#client/lib/request/api-client-context.ts';
import { saveCall } from '#client/lib/request/call-client.ts';
import { useSaveFlow } from '#client/lib/save-flow.ts';
import { PARTNER_INFORMATION_LIST_PATH } from './partner-information-paths.ts';

// The editor (TipTap and ProseMirror) is a chunk of its own, loaded only by this page.
const RichTextEditor = lazy(async () => ({
  default: (await import('#client/components/rich-text/rich-text-editor.tsx')).RichTextEditor,
}));

type FieldsSchema = ReturnType<typeof partnerInformationFieldsSchema>;

const Form = styled.form`
  display: grid;
`;

const DayInput = styled(TextInput)`
  max-width: 12em;
`;

const EditorLoading = styled.p`
  min-height: 16em;
  margin: 0;
  padding: ${({ theme }) => theme.spacing.md};
  color: ${({ theme }) => theme.colors.textMuted};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.sm};
`;

/** The controls' starting values: the item's, or a new item's (from today, no last day). */
function defaultsOf(item: PartnerInformationSettingDetail | undefined): EnteredValues<FieldsSchema> {
  return {
    article_title: item?.article_title ?? '',
    article_body: item?.article_body ?? '',
    article_publish_start: item?.article_publish_start ?? japanDateString(),
    article_publish_end: item?.article_publish_end ?? '',
  };
}

/**
 * The partner company's form for an item of its partner information: the title, the body in the
 * portal's rich-text editor (without images: uploads are the bank's staff's), and the publication
 * days. Checked in the browser with the contract's schema (the server's; on an edit a day left as
 * it was is not judged against today), saved through the save flow (overlay, 登録が完了しました /
 * データの登録に失敗しました) with the server's field errors under their fields. A saved item goes
 * to the bank's review; the page then shows the list, where it stands 審査中.
 */
export function PartnerInformationForm({ item }: { item?: PartnerInformationSettingDetail }) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const saveFlow = useSaveFlow();
  const navigate = useNavigate();
  const schema = useMemo(
    () =>
      partnerInformationFieldsSchema(
        undefined,
        item
          ? {
              article_publish_start: item.article_publish_start,
              article_publish_end: item.article_publish_end,
            }
          : undefined,
      ),
    [item],
  );
  const form = useSchemaForm(schema, { defaultValues: defaultsOf(item) });
  const { values } = form;

  const submit = form.handleSubmit(async (body) => {
    const outcome = await saveFlow.run(() =>
      item
        ? saveCall(api, updatePartnerInformationSettingCall, { params: { id: item.article_id }, body })
        : saveCall(api, createPartnerInformationSettingCall, { body }),
    );
    if (outcome.status === 'error') {
      form.showServerErrors(outcome.fieldErrors);
      return;
    }
    await queryClient.invalidateQueries({ queryKey: [createPartnerInformationSettingCall.domain] });
    await navigate(PARTNER_INFORMATION_LIST_PATH);
  });

  const { field } = schemaFieldRows(form);
  const title = field(
    'article_title',
    true,
    `${characterCount(values.article_title)} / ${ARTICLE_TITLE_MAX_LENGTH}文字`,
  );
  const body = field(
    'article_body',
    true,
    '画像のアップロードには対応していません。リンクは新しいタブで開きます。',
  );
  const start = field('article_publish_start', true, '承認後、この日から掲載されます。');
  const end = field('article_publish_end', false, '空欄のときは終了日を設けません。');

  return (
    <Form noValidate aria-label="パートナー情報の入力" onSubmit={(event) => void submit(event)}>
      <FieldRow label="タイトル" {...title}>
        <TextInput {...describedControl(title.name, title)} {...form.register('article_title')} />
      </FieldRow>
      <FieldRow label="本文" naming="labelledby" {...body}>
        <Suspense fallback={<EditorLoading role="status">エディタを読み込んでいます…</EditorLoading>}>
          <RichTextEditor
            id={body.name}
            labelledBy={`${body.name}-label`}
            describedBy={describedControl(body.name, body)['aria-describedby']}
            value={values.article_body}
            onChange={(html) => form.setValue('article_body', html)}
            invalid={body.error !== undefined}
            required
            editableRef={form.register('article_body').ref}
          />
        </Suspense>
      </FieldRow>
      <FieldRow label="公開開始日" {...start}>
        <DayInput
          type="date"
          {...describedControl(start.name, start)}
          {...form.register('article_publish_start')}
        />
      </FieldRow>
      <FieldRow label="公開終了日" {...end}>
        <DayInput
          type="date"
          min={values.article_publish_start || undefined}
          {...describedControl(end.name, end)}
          {...form.register('article_publish_end')}
        />
      </FieldRow>
      <FormSubmitRow disabled={form.isSubmitting}>
        {item ? '保存して審査を依頼する' : '作成して審査を依頼する'}
      </FormSubmitRow>
    </Form>
  );
}
