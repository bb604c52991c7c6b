import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import styled from 'styled-components';
import { callKeyPrefix } from '#server/contracts/call.ts';
import {
  type CompanyWebsite,
  getCompanyWebsiteCall,
  saveCompanyWebsiteCall,
  uploadWebsitePhotoCall,
  WEBSITE_SECTION_LABELS,
  WEBSITE_SECTION_MAX_LENGTH,
  WEBSITE_TITLE_MAX_LENGTH,
  type WebsiteFields,
  websiteFieldsSchema,
  websitePagePath,
  type WebsiteSection,
} from '#server/contracts/company-website.ts';
import { ExternalLink } from '#client/components/external-link.tsx';
import { describedControl, FieldRow } from '#client/components/form/field-row.tsx';
import { ChoiceLabel, TextInput } from '#client/components/form/form-controls.ts';
import { FormSubmitRow } from '#client/components/form/form-submit-row.tsx';
import { StatusTag } from '#client/components/status-tag.tsx';
import { formatJapaneseDateTime } from '#client/lib/date-format.ts';
import { type EnteredValues, type FieldName, useSchemaForm } from '#client/lib/forms/use-schema-form.ts';
import { useApiClient } from '#client/lib/request/api-client-context.ts';
import { saveCall } from '#client/lib/request/call-client.ts';
import type { SaveOutcome } from '#client/lib/request/save-request.ts';
import { saveUploadCall } from '#client/lib/request/upload-call.ts';
import { useSaveFlow } from '#client/lib/save-flow.ts';
import { PHOTO_FIELD_NAME, WebsitePhotoField } from './website-photo-field.tsx';

// The editor (TipTap and ProseMirror) is a chunk of its own, loaded only by the pages that edit.
const RichTextEditor = lazy(async () => ({
  default: (await import('#client/components/rich-text/rich-text-editor.tsx')).RichTextEditor,
}));

// One schema for the form's life: the same rules the server validates the save with.
const fieldsSchema = websiteFieldsSchema();
type FieldsSchema = typeof fieldsSchema;
type WebsiteField = FieldName<FieldsSchema>;

const Status = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.sm} ${({ theme }) => theme.spacing.md};
  align-items: center;
  padding: ${({ theme }) => theme.spacing.md};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  border-radius: ${({ theme }) => theme.radii.md};

  p {
    margin: 0;
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

const Choices = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.spacing.xs};
`;

const SECTIONS: readonly WebsiteSection[] = [
  'website_about_html',
  'website_products_html',
  'website_recruitment_html',
];

const SECTION_HINTS: Record<WebsiteSection, string> = {
  website_about_html: '会社の概要や強みを紹介してください。公開するには入力が必要です。',
  website_products_html: '扱っている商品やサービスを紹介してください。',
  website_recruitment_html: '募集している職種や条件を書いてください。採用情報を公開するには入力が必要です。',
};

/** The controls' starting values: what the site holds. */
function defaultsOf(site: CompanyWebsite): EnteredValues<FieldsSchema> {
  return {
    website_title: site.website_title,
    website_about_html: site.website_about_html,
    website_products_html: site.website_products_html,
    website_recruitment_html: site.website_recruitment_html,
    website_is_published: site.website_is_published,
    website_recruitment_is_published: site.website_recruitment_is_published,
  };
}

/** The site's publication as its status line says it. */
function SiteStatus({ site }: { site: CompanyWebsite }) {
  return (
    <Status>
      <p>
        {site.website_is_published ? (
          <StatusTag $tone="success">公開中</StatusTag>
        ) : (
          <StatusTag $tone="muted">非公開</StatusTag>
        )}
        {site.website_is_published && site.website_published_at && (
          <> {formatJapaneseDateTime(site.website_published_at)}に公開</>
        )}
      </p>
      <p>
        公開ページ：
        <ExternalLink href={websitePagePath(site.company_unique_code)}>公開ページを確認する</ExternalLink>
      </p>
      {!site.website_is_published && (
        <p>公開するまでは、ホームページを編集できる自社の利用者にだけ表示されます。</p>
      )}
    </Status>
  );
}

/**
 * The company's homepage (/mypage/setting/website): the title, the three sections in the rich-text
 * editor, the photos and the two publication ticks, checked in the browser with the contract's
 * schema (the server's) and saved through the save flow (overlay, 登録が完了しました / データの登録に失敗しました)
 * with the server's field errors under their fields. The save writes the fields and removes the
 * photos ticked in one transaction; the photos chosen are uploaded after it, one by one, and the
 * first refusal stops there (the photos already sent stay, the rest stay chosen).
 */
export function WebsiteSettingForm({ website }: { website: CompanyWebsite }) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const saveFlow = useSaveFlow();
  const form = useSchemaForm(fieldsSchema, { defaultValues: defaultsOf(website) });
  const [site, setSite] = useState(website);
  const [removals, setRemovals] = useState<ReadonlySet<string>>(new Set());
  const [pending, setPending] = useState<readonly File[]>([]);
  const [photoError, setPhotoError] = useState<string>();
  const { errors, values } = form;

  /** Saves the fields and removals, then uploads the chosen photos: the first refusal is the outcome. */
  const send = async (fields: WebsiteFields): Promise<SaveOutcome<CompanyWebsite>> => {
    const saved = await saveCall(api, saveCompanyWebsiteCall, {
      body: { ...fields, website_photo_removals: [...removals] },
    });
    if (saved.status === 'error') return saved;
    setRemovals(new Set());
    let current = saved.result;
    setSite(current);
    for (const file of pending) {
      const uploaded = await saveUploadCall(api, uploadWebsitePhotoCall, { file });
      if (uploaded.status === 'error') return uploaded;
      current = { ...current, website_photos: uploaded.result.website_photos };
      setSite(current);
      setPending((files) => files.slice(1));
    }
    return { ...saved, result: current };
  };

  const submit = form.handleSubmit(async (fields) => {
    setPhotoError(undefined);
    const outcome = await saveFlow.run(() => send(fields));
    await queryClient.invalidateQueries({ queryKey: callKeyPrefix(getCompanyWebsiteCall) });
    if (outcome.status === 'error') {
      form.showServerErrors(outcome.fieldErrors);
      const [photoMessage] = outcome.fieldErrors.file ?? [];
      if (photoMessage) {
        setPhotoError(photoMessage);
        document.getElementById(PHOTO_FIELD_NAME)?.focus();
      }
    }
  });

  /** A row's props: its name, whether required, its hint and its error. */
  const field = (name: WebsiteField, required: boolean, hint?: string) => ({
    name,
    required,
    hint,
    error: errors[name],
  });
  const title = field(
    'website_title',
    true,
    `${WEBSITE_TITLE_MAX_LENGTH}文字以内。公開ページで企業名の下に表示します。`,
  );
  const publication = field('website_is_published', false);
  const recruitmentPublication = field('website_recruitment_is_published', false);

  return (
    <>
      <SiteStatus site={site} />
      <form noValidate aria-label="ホームページの入力" onSubmit={(event) => void submit(event)}>
        <FieldRow label="タイトル" {...title}>
          <TextInput {...describedControl(title.name, title)} {...form.register('website_title')} />
        </FieldRow>
        {SECTIONS.map((name) => {
          const section = field(
            name,
            false,
            `${SECTION_HINTS[name]}（${WEBSITE_SECTION_MAX_LENGTH.toLocaleString('ja-JP')}文字以内）`,
          );
          return (
            <FieldRow key={name} label={WEBSITE_SECTION_LABELS[name]} naming="labelledby" {...section}>
              <Suspense fallback={<EditorLoading role="status">エディタを読み込んでいます…</EditorLoading>}>
                <RichTextEditor
                  id={name}
                  labelledBy={`${name}-label`}
                  describedBy={describedControl(name, section)['aria-describedby']}
                  value={values[name]}
                  onChange={(html) => form.setValue(name, html)}
                  invalid={section.error !== undefined}
                  editableRef={form.register(name).ref}
                />
              </Suspense>
            </FieldRow>
          );
        })}
        <WebsitePhotoField
          photos={site.website_photos}
          removals={removals}
          pending={pending}
          error={photoError}
          onToggleRemoval={(code, remove) =>
            setRemovals((current) => {
              const next = new Set(current);
              if (remove) next.add(code);
              else next.delete(code);
              return next;
            })
          }
          onAdd={(file) => {
            setPhotoError(undefined);
            setPending((files) => [...files, file]);
          }}
          onCancel={(index) => setPending((files) => files.filter((_, at) => at !== index))}
        />
        <FieldRow
          name="website_publication"
          label="公開設定"
          naming="group"
          error={publication.error ?? recruitmentPublication.error}
        >
          <Choices>
            <ChoiceLabel>
              <input type="checkbox" {...form.registerCheckbox('website_is_published')} />
              ホームページを公開する
            </ChoiceLabel>
            <ChoiceLabel>
              <input type="checkbox" {...form.registerCheckbox('website_recruitment_is_published')} />
              採用情報を公開する
            </ChoiceLabel>
          </Choices>
        </FieldRow>
        <FormSubmitRow disabled={form.isSubmitting}>保存する</FormSubmitRow>
      </form>
    </>
  );
}
