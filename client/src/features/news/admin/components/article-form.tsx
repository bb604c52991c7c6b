import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useNavigate } from '#client/lib/router/index.ts';
import styled from 'styled-components';
import {
  ARTICLE_PROVIDER_NAME_MAX_LENGTH,
  ARTICLE_TARGET_LABELS,
  ARTICLE_TARGETS,
  ARTICLE_TITLE_MAX_LENGTH,
  type ArticleKind,
  categoriesOfKind,
  IMAGE_CONTENT_TYPES,
  PARTNER_INFORMATION_STATUSES,
  SEMINAR_CAPACITY_MAX,
  SEMINAR_PLACE_MAX_LENGTH,
  seminarCapacityBelowAppliedMessage,
  type UploadedFile,
  VISIBILITY_LABELS,
} from '#server/contracts/news.ts';
import { type AdminArticleDetail, type ArticleWarnings } from '#server/contracts/news-staff.ts';
import {
  articleFieldsSchema,
  articleSaveCalls,
  type StoredArticleDates,
} from '#server/contracts/news-form.ts';
import { characterCount } from '#server/contracts/text-length.ts';
import { japanDateString } from '#server/contracts/japan-day.ts';
import { publicationEndWarning } from '#server/contracts/validation.ts';
import { Button } from '#client/components/button/button.tsx';
import type { ImageUploadOutcome } from '#client/components/rich-text/rich-text-editor.tsx';
import { type EnteredValues, type FieldName, useSchemaForm } from '#client/lib/forms/use-schema-form.ts';
import { useMasterList } from '#client/lib/master-data.ts';
import { useApiClient } from '#client/lib/request/api-client-context.ts';
import { useSaveFlow } from '#client/lib/save-flow.ts';
import { saveCall } from '#client/lib/request/call-client.ts';
import { dateInputValue, dateTimeInputValue } from '../article-display.ts';
import { ARTICLE_LIST_PATHS, articleDetailPath } from '../article-paths.ts';
import { uploadFile } from '../upload-file.ts';
import { ArticlePreviewDialog, type ArticlePreviewContent } from './article-preview-dialog.tsx';
import { AttachmentField } from './attachment-field.tsx';
import { DeleteArticleButton } from './delete-article-button.tsx';
import { ChoiceLabel, Select, TextInput } from '#client/components/form/form-controls.ts';
import { describedControl, FieldRow } from '#client/components/form/field-row.tsx';
import { RadioChoices, ShortInput } from './article-form-controls.tsx';

// The editor (TipTap and ProseMirror) is a chunk of its own, loaded only by the edit pages.
const RichTextEditor = lazy(async () => ({
  default: (await import('#client/components/rich-text/rich-text-editor.tsx')).RichTextEditor,
}));

type FieldsSchema = ReturnType<typeof articleFieldsSchema>;
type ArticleField = FieldName<FieldsSchema>;

const Form = styled.form`
  display: grid;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.sm};
  justify-content: space-between;
  padding-top: ${({ theme }) => theme.spacing.lg};
`;

const ActionGroup = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.sm};
`;

/** 中止 is a serious step: its tick is drawn in the danger colour. */
const CancelLabel = styled(ChoiceLabel)`
  input {
    accent-color: ${({ theme }) => theme.colors.danger};
  }
`;

const EditorLoading = styled.p`
  min-height: 16em;
  margin: 0;
  padding: ${({ theme }) => theme.spacing.md};
  color: ${({ theme }) => theme.colors.textMuted};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.sm};
`;

/** The dates the item holds: on an edit, the past-date rules judge only what the staff change. */
function storedDatesOf(article: AdminArticleDetail): StoredArticleDates {
  return {
    article_publish_end: article.article_publish_end,
    seminar_held_at: article.seminar_held_at,
    seminar_apply_deadline: article.seminar_apply_deadline,
  };
}

/**
 * The controls' starting values: the item's, or a new item's (private, from today, for every
 * company, partner information under review).
 */
function defaultsOf(kind: ArticleKind, article: AdminArticleDetail | undefined): EnteredValues<FieldsSchema> {
  return {
    article_title: article?.article_title ?? '',
    article_body: article?.article_body ?? '',
    category_code: article?.category_code ?? '',
    article_visibility: String(article?.article_visibility ?? 0),
    article_publish_start: article ? dateInputValue(article.article_publish_start) : japanDateString(),
    article_publish_end: dateInputValue(article?.article_publish_end ?? null),
    article_target: article?.article_target ?? 'all',
    article_provider_name: article?.article_provider_name ?? '',
    pi_status: article?.pi_status ?? (kind === 'partner_information' ? 'REVIEWING' : ''),
    seminar_held_at: dateTimeInputValue(article?.seminar_held_at ?? null),
    seminar_place: article?.seminar_place ?? '',
    seminar_capacity: article?.seminar_capacity?.toString() ?? '',
    seminar_apply_deadline: dateInputValue(article?.seminar_apply_deadline ?? null),
    seminar_is_cancelled: article?.seminar_is_cancelled ?? false,
  };
}

/** A save's field errors are keyed by their path in the request (`fields.article_title`). */
function formFieldOf(key: string, schema: FieldsSchema): ArticleField | undefined {
  const name = key.startsWith('fields.') ? key.slice('fields.'.length) : key;
  return Object.hasOwn(schema.shape, name) ? (name as ArticleField) : undefined;
}

const VISIBILITY_CHOICES = [
  { value: '1', label: VISIBILITY_LABELS[1] },
  { value: '0', label: VISIBILITY_LABELS[0] },
] as const;

const TARGET_CHOICES = ARTICLE_TARGETS.map((value) => ({ value, label: ARTICLE_TARGET_LABELS[value] }));

export interface ArticleFormProps {
  kind: ArticleKind;
  /** The item being edited; undefined for a new one. */
  article?: AdminArticleDetail;
  /** Warnings the save that created the item answered (shown once on its page). */
  initialWarnings?: ArticleWarnings;
}

/**
 * The staff's form for an item of any kind: checked in the browser with the contract's schema (the
 * server's), saved through the save flow (overlay, 登録が完了しました / データの登録に失敗しました),
 * with the server's field errors placed under their fields. The 30-day warning shows beside the
 * end date as it is entered and again from the save's answer; it never stops the save.
 * プレビュー shows the body as the server will store it; 削除 asks first.
 */
export function ArticleForm({ kind, article, initialWarnings = {} }: ArticleFormProps) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const saveFlow = useSaveFlow();
  const navigate = useNavigate();
  // Columns, seminars and partner information do not offer the news-only categories (お知らせ…).
  const categories = categoriesOfKind(kind, useMasterList('news_categories'));
  const partnerStatuses = useMasterList('partner_information_statuses');
  const schema = useMemo(
    () => articleFieldsSchema(kind, undefined, article ? storedDatesOf(article) : undefined),
    [kind, article],
  );
  const form = useSchemaForm(schema, { defaultValues: defaultsOf(kind, article) });
  const [attachments, setAttachments] = useState<UploadedFile[]>(() => [...(article?.attachments ?? [])]);
  const [attachmentError, setAttachmentError] = useState<string>();
  const [saveWarnings, setSaveWarnings] = useState<ArticleWarnings>(initialWarnings);
  const [preview, setPreview] = useState<ArticlePreviewContent | null>(null);
  const { values, errors } = form;

  const submit = form.handleSubmit(async (fields) => {
    // The server refuses this too (its 400 is quiet in the browser), so the browser says it first.
    const applied = article?.seminar_applied_count ?? 0;
    if (
      kind === 'seminar' &&
      typeof fields.seminar_capacity === 'number' &&
      fields.seminar_capacity < applied
    ) {
      form.setError('seminar_capacity', seminarCapacityBelowAppliedMessage(applied));
      return;
    }
    setAttachmentError(undefined);
    const body = { fields, attachment_file_codes: attachments.map((file) => file.file_unique_code) };
    const saves = articleSaveCalls[kind];
    const outcome = await saveFlow.run(() =>
      article
        ? saveCall(api, saves.update, { params: { id: article.article_id }, body })
        : saveCall(api, saves.create, { body }),
    );
    if (outcome.status === 'success') {
      setSaveWarnings(outcome.result.warnings);
      await queryClient.invalidateQueries({ queryKey: [saves.create.domain] });
      if (!article)
        await navigate(articleDetailPath(kind, outcome.result.article_id), {
          replace: true,
          state: { warnings: outcome.result.warnings },
        });
      return;
    }
    for (const [key, messages] of Object.entries(outcome.fieldErrors)) {
      const [message] = messages;
      if (!message) continue;
      const name = formFieldOf(key, schema);
      if (name) form.setError(name, message);
      else if (key === 'attachment_file_codes' || key.startsWith('attachment_file_codes.'))
        setAttachmentError(message);
    }
  });

  const uploadImage = async (file: File): Promise<ImageUploadOutcome> => {
    const outcome = await uploadFile(api, 'image', file);
    return outcome.status === 'success'
      ? { status: 'success', src: outcome.file.file_url, alt: outcome.file.file_name }
      : outcome;
  };

  /** The props of a field's row and control: its name, whether required, its error and warning. */
  const field = (name: ArticleField, required: boolean, hint?: string) => ({
    name,
    required,
    hint,
    error: errors[name],
    warning: saveWarnings[name]?.[0],
  });

  const title = field(
    'article_title',
    true,
    `${characterCount(values.article_title)} / ${ARTICLE_TITLE_MAX_LENGTH}文字`,
  );
  const body = field('article_body', true);
  const category = field('category_code', kind === 'news');
  const visibility = field('article_visibility', true);
  const start = field('article_publish_start', true);
  const endField = field('article_publish_end', false, '空欄のときは終了日を設けません。');
  // The 30-day warning follows the date as it is entered (the save answers the same rule).
  const end = { ...endField, warning: publicationEndWarning(values.article_publish_end) ?? endField.warning };
  const target = field('article_target', true);
  const provider = field(
    'article_provider_name',
    kind === 'partner_information',
    kind === 'partner_information' ? undefined : '運営・他行から提供された記事のときに入力します。',
  );
  const piStatus = field('pi_status', true);
  const heldAt = field('seminar_held_at', true);
  const place = field(
    'seminar_place',
    true,
    `${SEMINAR_PLACE_MAX_LENGTH}文字以内。オンライン開催のときはその旨を入力します。`,
  );
  const capacity = field(
    'seminar_capacity',
    true,
    article ? `現在の申込：${article.seminar_applied_count ?? 0}名` : `${SEMINAR_CAPACITY_MAX}名まで`,
  );
  const deadline = field('seminar_apply_deadline', true, '開催日以前の日付を入力してください。');
  const cancelled = field('seminar_is_cancelled', false);
  const bodyRef = form.register('article_body').ref;

  const openPreview = () =>
    setPreview({
      title: values.article_title,
      body: values.article_body,
      publishStart: values.article_publish_start,
      categoryName: categories.find((item) => item.code === values.category_code)?.name,
      providerName: values.article_provider_name,
      attachments,
    });

  return (
    <>
      <Form noValidate aria-label="記事の入力" onSubmit={(event) => void submit(event)}>
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
              uploadImage={uploadImage}
              imageTypes={IMAGE_CONTENT_TYPES}
              editableRef={bodyRef}
            />
          </Suspense>
        </FieldRow>
        <FieldRow label="カテゴリ" {...category}>
          <Select {...describedControl(category.name, category)} {...form.register('category_code')}>
            <option value="">{kind === 'news' ? '選択してください' : 'なし'}</option>
            {categories.map((item) => (
              <option key={item.code} value={item.code}>
                {item.name}
              </option>
            ))}
          </Select>
        </FieldRow>
        <FieldRow label="公開設定" naming="group" {...visibility}>
          <RadioChoices
            name={visibility.name}
            value={values.article_visibility}
            choices={VISIBILITY_CHOICES}
            onChange={(value) => form.setValue('article_visibility', value)}
            invalid={visibility.error !== undefined}
            firstRef={form.register('article_visibility').ref}
          />
        </FieldRow>
        <FieldRow label="公開開始日" {...start}>
          <ShortInput
            type="date"
            {...describedControl(start.name, start)}
            {...form.register('article_publish_start')}
          />
        </FieldRow>
        <FieldRow label="公開終了日" {...end}>
          <ShortInput
            type="date"
            min={values.article_publish_start || undefined}
            {...describedControl(end.name, end)}
            {...form.register('article_publish_end')}
          />
        </FieldRow>
        <FieldRow label="対象" naming="group" {...target}>
          <RadioChoices
            name={target.name}
            value={values.article_target}
            choices={TARGET_CHOICES}
            onChange={(value) => form.setValue('article_target', value)}
            invalid={target.error !== undefined}
            firstRef={form.register('article_target').ref}
          />
        </FieldRow>
        <FieldRow label={kind === 'partner_information' ? 'パートナー企業名' : '提供元'} {...provider}>
          <TextInput
            maxLength={ARTICLE_PROVIDER_NAME_MAX_LENGTH * 2}
            {...describedControl(provider.name, provider)}
            {...form.register('article_provider_name')}
          />
        </FieldRow>
        {kind === 'partner_information' && (
          <FieldRow label="審査状況" {...piStatus}>
            <Select {...describedControl(piStatus.name, piStatus)} {...form.register('pi_status')}>
              {PARTNER_INFORMATION_STATUSES.map((code) => (
                <option key={code} value={code}>
                  {partnerStatuses.find((item) => item.code === code)?.name ?? code}
                </option>
              ))}
            </Select>
          </FieldRow>
        )}
        {kind === 'seminar' && (
          <>
            <FieldRow label="開催日時" {...heldAt}>
              <ShortInput
                type="datetime-local"
                {...describedControl(heldAt.name, heldAt)}
                {...form.register('seminar_held_at')}
              />
            </FieldRow>
            <FieldRow label="会場" {...place}>
              <TextInput {...describedControl(place.name, place)} {...form.register('seminar_place')} />
            </FieldRow>
            <FieldRow label="定員" {...capacity}>
              <ShortInput
                inputMode="numeric"
                autoComplete="off"
                {...describedControl(capacity.name, capacity)}
                {...form.register('seminar_capacity')}
              />
            </FieldRow>
            <FieldRow label="申込期限" {...deadline}>
              <ShortInput
                type="date"
                {...describedControl(deadline.name, deadline)}
                {...form.register('seminar_apply_deadline')}
              />
            </FieldRow>
            <FieldRow label="中止" naming="group" {...cancelled}>
              <CancelLabel>
                <input type="checkbox" {...form.registerCheckbox('seminar_is_cancelled')} />
                このセミナーを中止する（申込を締め切り、企業には「中止」と表示されます）
              </CancelLabel>
            </FieldRow>
          </>
        )}
        <FieldRow label="添付ファイル" name="attachments">
          <AttachmentField
            id="attachments"
            files={attachments}
            onChange={(files) => {
              setAttachments(files);
              setAttachmentError(undefined);
            }}
            error={attachmentError}
          />
        </FieldRow>
        <Actions>
          <ActionGroup>
            <Button type="button" onClick={() => void navigate(ARTICLE_LIST_PATHS[kind])}>
              一覧へ戻る
            </Button>
            {article && <DeleteArticleButton kind={kind} article={article} />}
          </ActionGroup>
          <ActionGroup>
            <Button type="button" onClick={openPreview}>
              プレビュー
            </Button>
            <Button type="submit" $variant="main" disabled={form.isSubmitting}>
              {article ? '更新する' : '登録する'}
            </Button>
          </ActionGroup>
        </Actions>
      </Form>
      <ArticlePreviewDialog kind={kind} content={preview} onClose={() => setPreview(null)} />
    </>
  );
}
