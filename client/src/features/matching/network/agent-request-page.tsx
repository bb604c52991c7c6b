import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from '#client/lib/router/index.ts';
import styled from 'styled-components';
import { MetaLine, SpreadRow } from '#client/components/page/row-layouts.ts';
import { hasAllPermissions } from '#server/contracts/account-types.ts';
import { getNeedCall } from '#server/contracts/matching.ts';
import {
  AGENT_MESSAGES,
  AGENT_REQUEST_BODY_MAX_LENGTH,
  type AgentRequest,
  agentRequestBodySchema,
  listOwnAgentRequestsCall,
  sendAgentRequestCall,
} from '#server/contracts/matching-agent.ts';
import { characterCount } from '#server/contracts/text-length.ts';
import { Button } from '#client/components/button/button.tsx';
import { type Fact, FactList } from '#client/components/fact-list.tsx';
import { Notice } from '#client/components/feedback/notice.ts';
import { FormActions } from '#client/components/form/form-actions.ts';
import { describedControl, FieldRow } from '#client/components/form/field-row.tsx';
import { TextArea } from '#client/components/form/form-controls.ts';
import { TablePager } from '#client/components/table/table-pager.tsx';
import { PageCard, WrittenText } from '#client/components/page/page-text.ts';
import { useCurrentUser } from '#client/lib/current-user.ts';
import { formatJapaneseDateTime } from '#client/lib/date-format.ts';
import { useSchemaForm } from '#client/lib/forms/use-schema-form.ts';
import { useListPage } from '#client/lib/list-search.ts';
import { useCommand } from '#client/components/command/use-command.ts';
import { useApiClient } from '#client/lib/request/api-client-context.ts';
import { saveCall, useCallQuery } from '#client/lib/request/call-client.ts';
import { DEFAULT_ERROR_MESSAGE } from '#client/lib/request/http-error.ts';
import { AgentRequestStatusTag } from '../components/agent-request-display.tsx';
import { LoadFailedNotice, LoadingNotice } from '#client/components/page/page-states.tsx';
import { AGENT_NEED_PARAM, MATCHING_CODE_PATTERN, needDetailPath } from '../matching-paths.ts';
import { MatchingPartForm, MatchingPart } from '../components/matching-part.ts';

/** Asking the bank to introduce the company is using the matching, as a deal request is. */
const AGENT_REQUEST_PERMISSION = 'company_matching_write';

const Page = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.spacing.xl};
`;

const ChosenNeed = styled(SpreadRow)`
  padding: ${({ theme }) => theme.spacing.sm} ${({ theme }) => theme.spacing.md};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  border-radius: ${({ theme }) => theme.radii.md};

  p {
    min-width: 0;
    overflow-wrap: anywhere;
  }
`;

const Requests = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.spacing.md};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Empty = styled.p`
  padding: ${({ theme }) => theme.spacing.lg};
  color: ${({ theme }) => theme.colors.textMuted};
  text-align: center;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
`;

/**
 * /mypage/matching/agent (マッチングエージェント): the company asks its bank to introduce it — about
 * a need it found (opened from the need's page with `?ca=<code>`) or in its own words — and follows
 * its requests: where each stands (受付, 対応中, 完了) and the bank's note. Sending needs the
 * matching's use (company_matching_write); anyone who reads the matching reads the requests.
 */
export function AgentRequestPage() {
  const user = useCurrentUser();
  const mayRequest =
    user !== null &&
    hasAllPermissions({ isSuperUser: user.user_is_super_user, permittedActions: user.permitted_actions }, [
      AGENT_REQUEST_PERMISSION,
    ]);
  return (
    <Page>
      <MatchingPart aria-labelledby="agent-request-form-heading">
        <h2 id="agent-request-form-heading">銀行に仲介を依頼する</h2>
        <p>取引先の紹介をご希望のときは、銀行の担当者が仲介します。探している相手や条件をお書きください。</p>
        {mayRequest ? (
          <AgentRequestForm />
        ) : (
          <p>仲介の依頼には、ビジネスマッチングの利用権限が必要です。企業の管理者にお問い合わせください。</p>
        )}
      </MatchingPart>
      <OwnAgentRequests />
    </Page>
  );
}

function AgentRequestForm() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const { run } = useCommand();
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = searchParams.get(AGENT_NEED_PARAM) ?? '';
  const needCode = MATCHING_CODE_PATTERN.test(asked) ? asked : '';
  const [refusal, setRefusal] = useState<string>();
  const form = useSchemaForm(agentRequestBodySchema, {
    defaultValues: { ca_unique_code: needCode, agent_request_body: '' },
  });
  const body = {
    name: 'agent_request_body',
    required: true,
    hint: `${AGENT_REQUEST_BODY_MAX_LENGTH}文字以内（${characterCount(form.values.agent_request_body)}文字入力済み）。紹介してほしい相手、条件、ご希望の時期などをお書きください。`,
    error: form.errors.agent_request_body,
  };

  const forgetNeed = () => {
    form.setValue('ca_unique_code', '');
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(AGENT_NEED_PARAM);
        return next;
      },
      { replace: true },
    );
  };

  const submit = form.handleSubmit(async (sent) => {
    setRefusal(undefined);
    const outcome = await run(() => saveCall(api, sendAgentRequestCall, { body: sent }), {
      done: AGENT_MESSAGES.sent,
    });
    if (!outcome) return;
    if (outcome.status === 'success') {
      form.reset();
      forgetNeed();
      await queryClient.invalidateQueries({ queryKey: [listOwnAgentRequestsCall.domain] });
      return;
    }
    // A need that is no longer published is the request's refusal, not a field to correct.
    const { ca_unique_code: needErrors, ...fieldErrors } = outcome.fieldErrors;
    const unplaced = form.showServerErrors(fieldErrors);
    const message = needErrors?.[0] ?? unplaced[0] ?? outcome.message;
    if (message !== DEFAULT_ERROR_MESSAGE && fieldErrors.agent_request_body === undefined)
      setRefusal(message);
  });

  return (
    <MatchingPartForm noValidate aria-label="仲介の依頼の入力" onSubmit={(event) => void submit(event)}>
      {refusal && (
        <Notice role="alert">
          <p>{refusal}</p>
        </Notice>
      )}
      {form.values.ca_unique_code !== '' && (
        <ChosenNeed>
          <p>
            対象のニーズ: <ChosenNeedTitle code={form.values.ca_unique_code} />
          </p>
          <Button type="button" onClick={forgetNeed}>
            ニーズの指定を外す
          </Button>
        </ChosenNeed>
      )}
      <FieldRow label="依頼内容" {...body}>
        <TextArea {...describedControl(body.name, body)} {...form.register('agent_request_body')} />
      </FieldRow>
      <FormActions>
        <Button type="submit" $variant="main" disabled={form.isSubmitting}>
          依頼する
        </Button>
      </FormActions>
    </MatchingPartForm>
  );
}

/** The chosen need's title linking to its page; its code while the need loads, or if it cannot. */
function ChosenNeedTitle({ code }: { code: string }) {
  const { data } = useCallQuery(getNeedCall, { params: { ca_unique_code: code } }, { retry: false });
  return <Link to={needDetailPath(code)}>{data?.need_title ?? `ニーズ（${code}）`}</Link>;
}

/** The company's requests, newest first, 25 a page. */
function OwnAgentRequests() {
  const { turnPage, rows } = useListPage(listOwnAgentRequestsCall);
  const { data, isError, isPending } = rows;
  return (
    <MatchingPart aria-labelledby="agent-request-list-heading">
      <h2 id="agent-request-list-heading">依頼の履歴</h2>
      {isPending ? (
        <LoadingNotice />
      ) : isError ? (
        <LoadFailedNotice />
      ) : (
        <>
          {data.list.length === 0 ? (
            <Empty>仲介の依頼はまだありません。</Empty>
          ) : (
            <Requests aria-label="仲介の依頼">
              {data.list.map((request) => (
                <PageCard as="li" key={request.agent_request_unique_code}>
                  <MetaLine>
                    <AgentRequestStatusTag status={request.agent_request_status} />
                    <span>依頼日時 {formatJapaneseDateTime(request.agent_request_created_at)}</span>
                  </MetaLine>
                  <FactList facts={requestFacts(request)} />
                </PageCard>
              ))}
            </Requests>
          )}
          <TablePager paging={data.paging_data} onChange={turnPage} rowsChoice={false} />
        </>
      )}
    </MatchingPart>
  );
}

function requestFacts(request: AgentRequest): Fact[] {
  return [
    {
      term: 'ニーズ',
      value:
        request.ca_unique_code === null ? (
          '指定なし'
        ) : (
          <Link to={needDetailPath(request.ca_unique_code)}>
            {request.need_title ?? request.ca_unique_code}
          </Link>
        ),
    },
    { term: '依頼内容', value: <WrittenText>{request.agent_request_body}</WrittenText> },
    {
      term: '銀行からの連絡',
      value: request.agent_request_note ? <WrittenText>{request.agent_request_note}</WrittenText> : '—',
    },
    { term: '最終更新', value: formatJapaneseDateTime(request.agent_request_updated_at) },
  ];
}
