import type { DomainNames } from './names.ts';

/**
 * The client half of a new domain: its manifest entry, routes, list page, detail page and form.
 * Each function answers one file's text; `${...}` inside the generated code is written `\${...}`.
 */

const contract = (n: DomainNames) => `#server/contracts/${n.kebab}.ts`;

export function clientDomainFile(n: DomainNames): string {
  return `import { defineClientDomain } from '#client/lib/client-domain.ts';
import { ${n.camel}Routes } from './pages.tsx';

/** ${n.label}: the staff's list, new record and record pages (admin layout). */
export const ${n.camel}Domain = defineClientDomain({
  name: '${n.name}',
  pages: { admin: ${n.camel}Routes },
});
`;
}

export function clientRoutesFile(n: DomainNames): string {
  return `import type { RouteObject } from 'react-router';
import { ${n.constant}_LABEL } from '${contract(n)}';
import type { PageHandle } from '#client/components/page-header/page-handle.ts';
import { ${n.constant}_LIST_PATH } from './${n.kebab}-paths.ts';

const DASHBOARD = { label: 'ダッシュボード', to: '/admin/dashboard' };
const LIST = { label: ${n.constant}_LABEL, to: ${n.constant}_LIST_PATH };

/** /admin/${n.kebab}, its create page and a record's page, each page its own chunk. */
export const ${n.camel}Routes: RouteObject[] = [
  {
    path: ${n.constant}_LIST_PATH,
    handle: { title: ${n.constant}_LABEL, breadcrumbs: [DASHBOARD] } satisfies PageHandle,
    lazy: async () => ({ Component: (await import('./${n.kebab}-list-page.tsx')).${n.pascal}ListPage }),
  },
  {
    path: \`\${${n.constant}_LIST_PATH}/create\`,
    handle: { title: \`\${${n.constant}_LABEL}の新規作成\`, breadcrumbs: [DASHBOARD, LIST] } satisfies PageHandle,
    lazy: async () => ({ Component: (await import('./${n.kebab}-detail-page.tsx')).${n.pascal}CreatePage }),
  },
  {
    path: \`\${${n.constant}_LIST_PATH}/detail/:id\`,
    handle: { title: \`\${${n.constant}_LABEL}の詳細\`, breadcrumbs: [DASHBOARD, LIST] } satisfies PageHandle,
    lazy: async () => ({ Component: (await import('./${n.kebab}-detail-page.tsx')).${n.pascal}DetailPage }),
  },
];
`;
}

export function clientPathsFile(n: DomainNames): string {
  return `/** The pages of ${n.label} (server/contracts/pages/${n.kebab}.ts lists the same). */
export const ${n.constant}_LIST_PATH = '/admin/${n.kebab}';
export const ${n.constant}_CREATE_PATH = \`\${${n.constant}_LIST_PATH}/create\`;
export const ${n.camel}DetailPath = (id: number) => \`\${${n.constant}_LIST_PATH}/detail/\${id}\`;
`;
}

export function listPageFile(n: DomainNames): string {
  return `import { useMemo } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import {
  ${n.camel}Calls,
  ${n.constant}_LABEL,
  ${n.constant}_STATUS_LABELS,
  type ${n.pascal}Record,
} from '${contract(n)}';
import { SearchKeyword, SearchPanel, useSearchDraft } from '#client/components/admin/search-panel.tsx';
import { Button } from '#client/components/button/button.tsx';
import { DataTable, dataColumnHelper } from '#client/components/table/data-table.tsx';
import { TablePager } from '#client/components/table/table-pager.tsx';
import { useListPage } from '#client/lib/list-search.ts';
import { LOAD_FAILED_MESSAGE } from '#client/lib/save-flow.ts';
import { ${n.camel}DetailPath, ${n.constant}_CREATE_PATH } from './${n.kebab}-paths.ts';

const Toolbar = styled.div\`
  display: flex;
  justify-content: flex-end;
  margin-bottom: \${({ theme }) => theme.spacing.md};
\`;

/** 新規作成: a link that looks like the page's main button. */
const CreateLink = styled(Button)\`
  text-decoration: none;
\`;

const Notice = styled.p<{ $error?: boolean }>\`
  margin: 0 0 \${({ theme }) => theme.spacing.md};
  color: \${({ theme, $error }) => ($error ? theme.colors.danger : theme.colors.textMuted)};
\`;

const column = dataColumnHelper<${n.pascal}Record>();

function formatUpdatedAt(iso: string): string {
  return new Date(iso).toLocaleString('ja-JP', { timeZone: 'Asia/Tokyo', dateStyle: 'medium', timeStyle: 'short' });
}

/**
 * /admin/${n.kebab}: the bank's records, searched by keyword and paged; the search, the page and
 * the row count live in the URL (useListPage), so reload and back keep them.
 */
export function ${n.pascal}ListPage() {
  const { search, change, turnPage, rows } = useListPage(${n.camel}Calls.list);
  const { data, isError, isPending, isPlaceholderData } = rows;
  const columns = useMemo(
    () => [
      column.accessor('title', {
        header: 'タイトル',
        meta: { rowHeader: true, minWidth: '16em' },
        cell: (info) => <Link to={${n.camel}DetailPath(info.row.original.id)}>{info.getValue()}</Link>,
      }),
      column.accessor('status', {
        header: 'ステータス',
        meta: { nowrap: true },
        cell: (info) => ${n.constant}_STATUS_LABELS[info.getValue()],
      }),
      column.accessor('updated_at', {
        header: '更新日時',
        meta: { nowrap: true },
        cell: (info) => formatUpdatedAt(info.getValue()),
      }),
    ],
    [],
  );

  // The keyword as typed until 検索 (the shared search panel of components/admin).
  const draft = useSearchDraft(search, {
    draftOf: (conditions) => ({ keyword: conditions.keyword ?? '' }),
    conditionsOf: ({ keyword }) => ({ keyword: keyword.trim() || undefined }),
    onSearch: (conditions) => change({ keyword: conditions.keyword }),
  });

  return (
    <>
      <SearchPanel onSearch={draft.search} onClear={draft.clear}>
        <SearchKeyword
          id="${n.kebab}-search-keyword"
          maxLength={100}
          placeholder="タイトルで検索"
          {...draft.control('keyword')}
        />
      </SearchPanel>
      <Toolbar>
        <CreateLink as={Link} to={${n.constant}_CREATE_PATH} $variant="main">
          新規作成
        </CreateLink>
      </Toolbar>
      {isError && (
        <Notice role="alert" $error>
          {LOAD_FAILED_MESSAGE}
        </Notice>
      )}
      {isPending && <Notice role="status">読み込み中</Notice>}
      {data && (
        <>
          <DataTable
            caption={\`\${${n.constant}_LABEL}一覧\`}
            captionHidden
            columns={columns}
            data={data.list}
            getRowId={(row) => String(row.id)}
            busy={isPlaceholderData}
          />
          <TablePager paging={data.paging_data} onChange={turnPage} />
        </>
      )}
    </>
  );
}
`;
}

export function detailPageFile(n: DomainNames): string {
  return `import { useParams } from 'react-router';
import styled from 'styled-components';
import { ${n.camel}Calls } from '${contract(n)}';
import { HttpError } from '#client/lib/request/http-error.ts';
import { useCallQuery } from '#client/lib/request/call-client.ts';
import { LOAD_FAILED_MESSAGE } from '#client/lib/save-flow.ts';
import { ${n.pascal}Form } from './components/${n.kebab}-form.tsx';

const Notice = styled.p<{ $error?: boolean }>\`
  color: \${({ theme, $error }) => ($error ? theme.colors.danger : theme.colors.textMuted)};
\`;

/** /admin/${n.kebab}/create: an empty form. */
export function ${n.pascal}CreatePage() {
  return <${n.pascal}Form />;
}

/** A path's id, or undefined when it is not a record's (the page is then a 404). */
function idOf(text: string | undefined): number | undefined {
  const id = Number(text);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/**
 * /admin/${n.kebab}/detail/{id}: the record's form. An id that is not the bank's is the 404 page;
 * another failure says so in place.
 */
export function ${n.pascal}DetailPage() {
  const id = idOf(useParams().id);
  if (id === undefined) throw new HttpError(404);
  return <Loaded${n.pascal} id={id} />;
}

function Loaded${n.pascal}({ id }: { id: number }) {
  const { data, isError, isPending } = useCallQuery(
    ${n.camel}Calls.detail,
    { params: { id } },
    { onNotFound: 'error-page', throwOnError: (error) => error instanceof HttpError },
  );
  if (isPending) return <Notice role="status">読み込み中</Notice>;
  if (isError)
    return (
      <Notice role="alert" $error>
        {LOAD_FAILED_MESSAGE}
      </Notice>
    );
  // A different record starts a fresh form.
  return <${n.pascal}Form key={data.id} record={data} />;
}
`;
}

export function formFile(n: DomainNames): string {
  return `import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import styled from 'styled-components';
import {
  ${n.camel}Calls,
  ${n.camel}FieldsSchema,
  ${n.constant}_STATUS_LABELS,
  ${n.constant}_STATUSES,
  type ${n.pascal}Record,
} from '${contract(n)}';
import { Button } from '#client/components/button/button.tsx';
import { describedControl, FieldRow } from '#client/components/form/field-row.tsx';
import { Select, TextArea, TextInput } from '#client/components/form/form-controls.ts';
import { useSchemaForm } from '#client/lib/forms/use-schema-form.ts';
import { useApiClient } from '#client/lib/request/api-client-context.ts';
import { saveCall } from '#client/lib/request/call-client.ts';
import { useSaveFlow } from '#client/lib/save-flow.ts';
import { ${n.camel}DetailPath, ${n.constant}_LIST_PATH } from '../${n.kebab}-paths.ts';

const Actions = styled.div\`
  display: flex;
  gap: \${({ theme }) => theme.spacing.md};
  justify-content: center;
  margin-top: \${({ theme }) => theme.spacing.lg};
\`;

/**
 * A record's form (empty for a new one): checked in the browser with the contract's schema (the
 * server's), saved through the save flow (overlay, toast), with the server's field errors placed
 * under their fields. A new record goes on to its own page once saved.
 */
export function ${n.pascal}Form({ record }: { record?: ${n.pascal}Record }) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const saveFlow = useSaveFlow();
  const form = useSchemaForm(${n.camel}FieldsSchema, {
    defaultValues: { title: record?.title ?? '', body: record?.body ?? '', status: record?.status ?? 'draft' },
  });
  const { errors } = form;

  const submit = form.handleSubmit(async (body) => {
    const outcome = await saveFlow.run(() =>
      record
        ? saveCall(api, ${n.camel}Calls.update, { params: { id: record.id }, body })
        : saveCall(api, ${n.camel}Calls.create, { body }),
    );
    if (outcome.status === 'error') {
      form.showServerErrors(outcome.fieldErrors);
      return;
    }
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
      <Actions>
        <Button type="button" onClick={() => void navigate(${n.constant}_LIST_PATH)}>
          一覧に戻る
        </Button>
        <Button type="submit" $variant="main" disabled={form.isSubmitting}>
          保存
        </Button>
      </Actions>
    </form>
  );
}
`;
}
