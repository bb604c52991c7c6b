import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link } from '#client/lib/router/index.ts';
import styled from 'styled-components';
import { SpreadRow } from '#client/components/page/row-layouts.ts';
import * as z from 'zod/mini';
import {
  AGENT_MESSAGES,
  AGENT_NOTE_MAX_LENGTH,
  AGENT_REQUEST_STATUS_LABELS,
  AGENT_REQUEST_STATUSES,
  type AgentRequestStatus,
  listStaffAgentRequestsCall,
  type staffAgentRequestSchema,
  updateAgentRequestCall,
} from '#server/contracts/matching-agent.ts';
import { characterCount } from '#server/contracts/text-length.ts';
import { specErrorMap } from '#server/contracts/zod-error-map.ts';
import { SearchPanel, SearchSelect, useSearchDraft } from '#client/components/admin/search-panel.tsx';
import { Button } from '#client/components/button/button.tsx';
import { type Fact, FactList } from '#client/components/fact-list.tsx';
import { Select, TextArea } from '#client/components/form/form-controls.ts';
import { ListPageFrame } from '#client/components/page/list-page-frame.tsx';
import { PageCard, PageEmpty, PageLead } from '#client/components/page/page-text.ts';
import { WrittenText } from '#client/components/page/page-text.ts';
import { formatJapaneseDateTime } from '#client/lib/date-format.ts';
import { useListPage } from '#client/lib/list-search.ts';
import {
  ConfirmDialog,
  ConfirmFieldError,
  ConfirmFields,
} from '#client/components/command/confirm-dialog.tsx';
import { refusalReason, useCommand } from '#client/components/command/use-command.ts';
import { useApiClient } from '#client/lib/request/api-client-context.ts';
import { saveCall } from '#client/lib/request/call-client.ts';
import { staffCompanyPath } from '../admin/staff-company-path.ts';
import { AgentRequestStatusTag } from '../components/agent-request-display.tsx';

type StaffAgentRequest = z.infer<typeof staffAgentRequestSchema>;

const STATUS_OPTIONS = AGENT_REQUEST_STATUSES.map((status) => ({
  value: status,
  label: AGENT_REQUEST_STATUS_LABELS[status],
}));

const updateBodySchema = updateAgentRequestCall.body;

const Requests = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.spacing.md};
  margin: 0 0 ${({ theme }) => theme.spacing.md};
  padding: 0;
  list-style: none;
`;

const RequestTop = styled(SpreadRow)`
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.typography.fontSizeBase};
    overflow-wrap: anywhere;
  }
`;

const Stamp = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.sm};
  align-items: center;
  font-size: ${({ theme }) => theme.typography.fontSizeSmall};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const DialogBody = styled(ConfirmFields)`
  textarea {
    min-height: 8em;
  }
`;

const Hint = styled.p`
  font-size: ${({ theme }) => theme.typography.fontSizeSmall};
  color: ${({ theme }) => theme.colors.textMuted};
`;

interface Draft {
  status: string;
}
interface Conditions {
  status?: AgentRequestStatus;
}
const draftOf = (conditions: Partial<Conditions>): Draft => ({ status: conditions.status ?? '' });
const conditionsOf = (draft: Draft): Conditions => ({
  status: AGENT_REQUEST_STATUSES.find((status) => status === draft.status),
});

/**
 * /admin/matching/agent (エージェント依頼): the companies' requests for the bank to introduce them,
 * newest first, filtered by where they stand, paged, the filter in the URL. 対応を更新 moves a
 * request on (受付 → 対応中 → 完了) with a note the company reads. Branch staff see their branches'.
 */
export function StaffAgentRequestPage() {
  const { search, change, turnPage, rows } = useListPage(listStaffAgentRequestsCall);
  const [editing, setEditing] = useState<StaffAgentRequest | null>(null);
  const conditions = useMemo<Conditions>(() => ({ status: search.status || undefined }), [search]);
  const draft = useSearchDraft(conditions, {
    draftOf,
    conditionsOf,
    onSearch: (next) => change({ status: next.status }),
  });
  return (
    <>
      <ListPageFrame
        search={
          <>
            <PageLead>
              企業からの、取引先の紹介（マッチングの仲介）の依頼です。対応の状況と連絡事項は、企業の画面に表示されます。
            </PageLead>
            <SearchPanel onSearch={draft.search} onClear={draft.clear}>
              <SearchSelect
                id="agent-status"
                label="状況"
                options={STATUS_OPTIONS}
                {...draft.control('status')}
              />
            </SearchPanel>
          </>
        }
        query={rows}
        table={(items, busy) =>
          items.length === 0 ? (
            <PageEmpty>該当する依頼はありません。</PageEmpty>
          ) : (
            <Requests aria-label="エージェント依頼" aria-busy={busy || undefined}>
              {items.map((request) => (
                <PageCard as="li" key={request.agent_request_unique_code}>
                  <RequestTop>
                    <h2>
                      <Link to={staffCompanyPath(request.company_unique_code)}>{request.company_name}</Link>
                    </h2>
                    <Stamp>
                      <AgentRequestStatusTag status={request.agent_request_status} />
                      依頼日時 {formatJapaneseDateTime(request.agent_request_created_at)}
                    </Stamp>
                  </RequestTop>
                  <FactList facts={requestFacts(request)} />
                  <div>
                    <Button
                      type="button"
                      aria-label={`${request.company_name}の依頼の対応を更新`}
                      onClick={() => setEditing(request)}
                    >
                      対応を更新
                    </Button>
                  </div>
                </PageCard>
              ))}
            </Requests>
          )
        }
        onPage={turnPage}
      />
      {editing && (
        <UpdateDialog
          key={editing.agent_request_unique_code}
          request={editing}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}

function requestFacts(request: StaffAgentRequest): Fact[] {
  return [
    { term: 'お取引店', value: request.bb_name ?? '—' },
    { term: 'ニーズ', value: request.need_title ?? request.ca_unique_code ?? '指定なし' },
    { term: '依頼内容', value: <WrittenText>{request.agent_request_body}</WrittenText> },
    {
      term: '連絡事項',
      value: request.agent_request_note ? <WrittenText>{request.agent_request_note}</WrittenText> : '—',
    },
    { term: '最終更新', value: formatJapaneseDateTime(request.agent_request_updated_at) },
  ];
}

/** The request's status and note, checked with the call's schema; the list loads again after. */
function UpdateDialog({ request, onClose }: { request: StaffAgentRequest; onClose: () => void }) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const { run, sending } = useCommand();
  const [status, setStatus] = useState<string>(request.agent_request_status);
  const [note, setNote] = useState(request.agent_request_note ?? '');
  const [error, setError] = useState<string>();
  const save = async () => {
    const checked = z.safeParse(
      updateBodySchema,
      { agent_request_status: status, agent_request_note: note },
      { error: specErrorMap },
    );
    if (!checked.success) {
      setError(checked.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    const outcome = await run(
      () =>
        saveCall(api, updateAgentRequestCall, {
          params: { agent_request_unique_code: request.agent_request_unique_code },
          body: checked.data,
        }),
      {
        done: AGENT_MESSAGES.updated,
        after: async ({ status: answered }) => {
          if (answered === 'success')
            await queryClient.invalidateQueries({ queryKey: [listStaffAgentRequestsCall.domain] });
        },
      },
    );
    if (outcome?.status === 'success') onClose();
    else if (outcome) setError(Object.values(outcome.fieldErrors).flat()[0] ?? refusalReason(outcome));
  };
  return (
    <ConfirmDialog
      open
      onCancel={onClose}
      title="依頼の対応を更新"
      confirmLabel="更新する"
      width={560}
      sending={sending}
      onConfirm={() => void save()}
    >
      <DialogBody>
        <p>{request.company_name}</p>
        <label htmlFor="agent-request-status">状況</label>
        <Select id="agent-request-status" value={status} onChange={(event) => setStatus(event.target.value)}>
          {STATUS_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
        <label htmlFor="agent-request-note">企業への連絡事項</label>
        <TextArea
          id="agent-request-note"
          value={note}
          aria-invalid={error !== undefined}
          aria-describedby={`agent-request-note-hint${error ? ' agent-request-note-error' : ''}`}
          onChange={(event) => setNote(event.target.value)}
        />
        <Hint id="agent-request-note-hint">
          {AGENT_NOTE_MAX_LENGTH}文字以内（{characterCount(note)}文字入力済み）。企業の画面に表示されます。
        </Hint>
        {error && (
          <ConfirmFieldError id="agent-request-note-error" role="alert">
            {error}
          </ConfirmFieldError>
        )}
      </DialogBody>
    </ConfirmDialog>
  );
}
