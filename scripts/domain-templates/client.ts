import type { DomainNames } from './names.ts';

/**
 * The client half of a new domain: its manifest entry, routes, list page, detail page and form.
 * Each function answers one file's text; `${...}` inside the generated code is written `\${...}`.
 */

const contract = (n: DomainNames) => `#server/contracts/${n.kebab}.ts`;
const pages = (n: DomainNames) => `#server/contracts/pages/${n.kebab}.ts`;

export function clientDomainFile(n: DomainNames): string {
  return `import { defineClientDomain } from '#client/lib/client-domain.ts';
import { ${n.camel}Routes } from './pages.tsx';

/** ${n.label}: the staff's list, new record and record pages (admin layout). */
export const ${n.camel}Domain = defineClientDomain({ name: '${n.name}', routes: ${n.camel}Routes });
`;
}

export function clientRoutesFile(n: DomainNames): string {
  return `import { ${n.constant}_LABEL } from '${contract(n)}';
import { dashboardPages } from '#server/contracts/pages/dashboard.ts';
import { ${n.camel}Pages } from '${pages(n)}';
import type { PageHandle } from '#client/components/page-header/page-handle.ts';
import { pageRoute } from '#client/lib/client-domain.ts';

const DASHBOARD = { label: 'ダッシュボード', to: dashboardPages.admin.path };
const LIST = { label: ${n.constant}_LABEL, to: ${n.camel}Pages.list.path };

/** /admin/${n.kebab}, its create page and a record's page, each page its own chunk. */
export const ${n.camel}Routes = [
  pageRoute(${n.camel}Pages.list, {
    handle: { title: ${n.constant}_LABEL, breadcrumbs: [DASHBOARD] } satisfies PageHandle,
    lazy: async () => ({ Component: (await import('./${n.kebab}-list-page.tsx')).${n.pascal}ListPage }),
  }),
  pageRoute(${n.camel}Pages.create, {
    handle: { title: \`\${${n.constant}_LABEL}の新規作成\`, breadcrumbs: [DASHBOARD, LIST] } satisfies PageHandle,
    lazy: async () => ({ Component: (await import('./${n.kebab}-detail-page.tsx')).${n.pascal}CreatePage }),
  }),
  pageRoute(${n.camel}Pages.detail, {
    handle: { title: \`\${${n.constant}_LABEL}の詳細\`, breadcrumbs: [DASHBOARD, LIST] } satisfies PageHandle,
    lazy: async () => ({ Component: (await import('./${n.kebab}-detail-page.tsx')).${n.pascal}DetailPage }),
  }),
];
`;
}

export function clientPathsFile(n: DomainNames): string {
  return `import { pagePath } from '#server/contracts/pages/page-list.ts';
import { ${n.camel}Pages } from '${pages(n)}';

/** The addresses of ${n.label}'s pages, from their definitions, for the pages' links. */
export const ${n.constant}_LIST_PATH = ${n.camel}Pages.list.path;
export const ${n.constant}_CREATE_PATH = ${n.camel}Pages.create.path;
export const ${n.camel}DetailPath = (id: number) => pagePath(${n.camel}Pages.detail, { id });
`;
}

export function listPageFile(n: DomainNames): string {
  return `import { Link } from '#client/lib/router/index.ts';
import {
  ${n.camel}Calls,
  ${n.camel}ConditionsSchema,
  type ${n.pascal}Conditions,
  type ${n.pascal}Record,
  ${n.constant}_KEYWORD_MAX_LENGTH,
  ${n.constant}_LABEL,
  ${n.constant}_STATUS_LABELS,
  ${n.constant}_STATUSES,
} from '${contract(n)}';
import { conditionDraftOf } from '#client/components/admin/condition-draft.ts';
import { SearchKeyword, SearchPanel, SearchSelect, useSearchDraft } from '#client/components/admin/search-panel.tsx';
import { ButtonLink } from '#client/components/button/button.tsx';
import { ListPageFrame } from '#client/components/page/list-page-frame.tsx';
import { dataColumnHelper } from '#client/components/table/data-table.tsx';
import { formatJapaneseDateTime } from '#client/lib/date-format.ts';
import { useListPage } from '#client/lib/list-search.ts';
import { ${n.camel}DetailPath, ${n.constant}_CREATE_PATH } from './${n.kebab}-paths.ts';

const column = dataColumnHelper<${n.pascal}Record>();
const columns = column.columns([
  column.accessor('title', {
    header: 'タイトル',
    meta: { rowHeader: true, minWidth: '16em' },
    cell: (info) => <Link to={${n.camel}DetailPath(info.row.original.id)}>{info.getValue()}</Link>,
  }),
  column.accessor((row) => ${n.constant}_STATUS_LABELS[row.status], { id: 'status', header: 'ステータス' }),
  column.accessor((row) => formatJapaneseDateTime(row.updated_at), { id: 'updated_at', header: '更新日時' }),
]);
const statuses = ${n.constant}_STATUSES.map((status) => ({ value: status, label: ${n.constant}_STATUS_LABELS[status] }));
const conditionDraft = conditionDraftOf(${n.camel}ConditionsSchema);

/** /admin/${n.kebab}: the bank's records, searched and paged; the search lives in the URL. */
export function ${n.pascal}ListPage() {
  const { search, change, turnPage, rows } = useListPage(${n.camel}Calls.list);
  const conditions: ${n.pascal}Conditions = search;
  const draft = useSearchDraft(conditions, { ...conditionDraft, onSearch: change });
  return (
    <ListPageFrame
      search={
        <SearchPanel onSearch={draft.search} onClear={draft.clear}>
          <SearchSelect id="${n.kebab}-search-status" label="ステータス" options={statuses} {...draft.control('status')} />
          <SearchKeyword
            id="${n.kebab}-search-keyword"
            maxLength={${n.constant}_KEYWORD_MAX_LENGTH}
            placeholder="タイトルで検索"
            {...draft.control('keyword')}
          />
        </SearchPanel>
      }
      actions={
        <ButtonLink as={Link} to={${n.constant}_CREATE_PATH} $variant="main">
          新規作成
        </ButtonLink>
      }
      query={rows}
      table={{ caption: \`\${${n.constant}_LABEL}一覧\`, captionHidden: true, columns, getRowId: (row) => String(row.id) }}
      onPage={turnPage}
    />
  );
}
`;
}

export function detailPageFile(n: DomainNames): string {
  return `import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from '#client/lib/router/index.ts';
import { ${n.camel}Calls, type ${n.pascal}Record } from '${contract(n)}';
import { CommandPanel } from '#client/components/command/command-panel.ts';
import { ConfirmDialog, ConfirmQuestion, useConfirmedCommand } from '#client/components/command/confirm-dialog.tsx';
import { DangerButton } from '#client/components/danger-button.ts';
import { QueryWaiting } from '#client/components/page/query-state.tsx';
import { PageSection, PageStack } from '#client/components/page/page-text.ts';
import { useApiClient } from '#client/lib/request/api-client-context.ts';
import { saveCall, useCallQuery } from '#client/lib/request/call-client.ts';
import { HttpError } from '#client/lib/request/http-error.ts';
import { ${n.pascal}Form } from './components/${n.kebab}-form.tsx';
import { ${n.constant}_LIST_PATH } from './${n.kebab}-paths.ts';

/** /admin/${n.kebab}/create: an empty form. */
export function ${n.pascal}CreatePage() {
  return <${n.pascal}Form />;
}

/** /admin/${n.kebab}/detail/{id}: the record's form and its deletion; another bank's id is the 404 page. */
export function ${n.pascal}DetailPage() {
  const id = Number(useParams().id);
  if (!Number.isSafeInteger(id) || id < 1) throw new HttpError(404);
  const { data, isError } = useCallQuery(
    ${n.camel}Calls.detail,
    { params: { id } },
    { onNotFound: 'error-page', throwOnError: (error) => error instanceof HttpError },
  );
  if (data === undefined) return <QueryWaiting isError={isError} />;
  return (
    <PageStack>
      <PageSection aria-labelledby="${n.kebab}-heading">
        <h2 id="${n.kebab}-heading">{data.title}</h2>
        <${n.pascal}Form key={data.id} record={data} />
      </PageSection>
      <${n.pascal}Deletion record={data} />
    </PageStack>
  );
}

/** 削除, asked again in a dialog; once deleted, the list. */
function ${n.pascal}Deletion({ record }: { record: ${n.pascal}Record }) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const deletion = useConfirmedCommand();
  const remove = () =>
    deletion.confirm(() => saveCall(api, ${n.camel}Calls.remove, { params: { id: record.id } }), {
      done: '削除しました',
      failed: '削除できませんでした',
      after: async (outcome) => {
        if (outcome.status === 'error') return;
        // Away first: the deleted record's page must not ask for it again.
        await navigate(${n.constant}_LIST_PATH);
        await queryClient.invalidateQueries({ queryKey: [${n.camel}Calls.remove.domain] });
      },
    });
  return (
    <CommandPanel aria-labelledby="${n.kebab}-delete-heading">
      <h2 id="${n.kebab}-delete-heading">削除</h2>
      <DangerButton type="button" disabled={deletion.sending} onClick={deletion.ask}>
        削除する
      </DangerButton>
      <ConfirmDialog {...deletion.dialog} title="削除" confirmLabel="削除する" tone="danger" onConfirm={() => void remove()}>
        <ConfirmQuestion>「{record.title}」を削除しますか？元に戻せません。</ConfirmQuestion>
      </ConfirmDialog>
    </CommandPanel>
  );
}
`;
}

export function formFile(n: DomainNames): string {
  return `import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from '#client/lib/router/index.ts';
import {
  ${n.camel}Calls,
  ${n.camel}FieldsSchema,
  type ${n.pascal}Record,
  ${n.constant}_IMAGE_CONTENT_TYPES,
  ${n.constant}_IMAGE_MAX_BYTES,
  ${n.constant}_IMAGE_UPLOAD,
  ${n.constant}_STATUS_LABELS,
  ${n.constant}_STATUSES,
} from '${contract(n)}';
import { Button } from '#client/components/button/button.tsx';
import { useCommand } from '#client/components/command/use-command.ts';
import { describedControl, FieldRow } from '#client/components/form/field-row.tsx';
import { FormActions } from '#client/components/form/form-actions.ts';
import { Select, TextArea, TextInput } from '#client/components/form/form-controls.ts';
import { type ImageChoice, ImageFileField, NO_IMAGE_CHANGE } from '#client/components/form/image-file-field.tsx';
import { useSchemaForm } from '#client/lib/forms/use-schema-form.ts';
import { useApiClient } from '#client/lib/request/api-client-context.ts';
import { saveCall } from '#client/lib/request/call-client.ts';
import { saveWithImage } from '#client/lib/request/save-with-image.ts';
import { saveUploadCall, uploadRefusal } from '#client/lib/request/upload-call.ts';
import { ${n.camel}DetailPath, ${n.constant}_LIST_PATH } from '../${n.kebab}-paths.ts';

const IMAGE_FIELD = 'image';

/**
 * A record's form (empty for a new one), checked with the contract's schema and saved through the
 * save flow (useCommand: overlay, toast), the server's field errors under their fields; its image
 * goes after the fields (saveWithImage), checked by the browser against the call's own limits first.
 */
export function ${n.pascal}Form({ record }: { record?: ${n.pascal}Record }) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { run, sending } = useCommand();
  const form = useSchemaForm(${n.camel}FieldsSchema, {
    defaultValues: { title: record?.title ?? '', body: record?.body ?? '', status: record?.status ?? 'draft' },
  });
  const { errors } = form;
  const [image, setImage] = useState<ImageChoice>(NO_IMAGE_CHANGE);
  const [imageServerError, setImageServerError] = useState<string>();
  const imageError = (image.file && uploadRefusal(${n.constant}_IMAGE_UPLOAD, image.file)) ?? imageServerError;

  const submit = form.handleSubmit(async (body) => {
    if (imageError) {
      document.getElementById(IMAGE_FIELD)?.focus();
      return;
    }
    let id = record?.id;
    // The image goes to the record the fields were just saved to (a new one's id comes with its save).
    const savedId = () => {
      if (id === undefined) throw new Error('an image is sent only after its record is saved');
      return id;
    };
    const outcome = await run(() =>
      saveWithImage(
        async () => {
          const saved = record
            ? await saveCall(api, ${n.camel}Calls.update, { params: { id: record.id }, body })
            : await saveCall(api, ${n.camel}Calls.create, { body });
          if (saved.status === 'success') id = saved.result.id;
          return saved;
        },
        image,
        {
          upload: (file) => saveUploadCall(api, ${n.camel}Calls.attachImage, { params: { id: savedId() }, file }),
          remove: () => saveCall(api, ${n.camel}Calls.removeImage, { params: { id: savedId() } }),
          attach: (saved) => saved,
        },
      ),
    );
    if (outcome?.status === 'error') {
      setImageServerError(outcome.fieldErrors.file?.[0]);
      form.showServerErrors(outcome.fieldErrors);
    }
    if (outcome?.status !== 'success') return;
    setImage(NO_IMAGE_CHANGE);
    setImageServerError(undefined);
    await queryClient.invalidateQueries({ queryKey: [${n.camel}Calls.create.domain] });
    if (!record) await navigate(${n.camel}DetailPath(outcome.result.id), { replace: true });
  });

  return (
    <form onSubmit={submit} noValidate>
      <FieldRow name="title" label="タイトル" required error={errors.title}>
        <TextInput {...form.register('title')} {...describedControl('title', { required: true, error: errors.title })} />
      </FieldRow>
      <FieldRow name="body" label="本文" error={errors.body}>
        <TextArea {...form.register('body')} {...describedControl('body', { error: errors.body })} />
      </FieldRow>
      <FieldRow name="status" label="ステータス" required error={errors.status}>
        <Select {...form.register('status')} {...describedControl('status', { required: true, error: errors.status })}>
          {${n.constant}_STATUSES.map((status) => (
            <option key={status} value={status}>
              {${n.constant}_STATUS_LABELS[status]}
            </option>
          ))}
        </Select>
      </FieldRow>
      <ImageFileField
        name={IMAGE_FIELD}
        label="画像"
        hint={\`PNG・JPEG・GIF・WebPの画像（\${${n.constant}_IMAGE_MAX_BYTES / 1048576}MBまで）。\`}
        current={record?.image ?? null}
        currentAlt="現在の画像"
        noneText="画像は登録されていません。"
        removeLabel="画像を削除する"
        contentTypes={${n.constant}_IMAGE_CONTENT_TYPES}
        shape="square"
        choice={image}
        error={imageError}
        onChange={(choice) => {
          setImage(choice);
          setImageServerError(undefined);
        }}
      />
      <FormActions>
        <Button type="button" onClick={() => void navigate(${n.constant}_LIST_PATH)}>
          一覧に戻る
        </Button>
        <Button type="submit" $variant="main" disabled={sending || form.isSubmitting}>
          保存
        </Button>
      </FormActions>
    </form>
  );
}
`;
}
