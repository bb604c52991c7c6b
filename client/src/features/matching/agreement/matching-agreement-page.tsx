import { useState } from 'react';
import { Link, useLoaderData, useLocation } from '#client/lib/router/index.ts';
import styled from 'styled-components';
import { isBankUser, OWNER_USER_TYPES } from '#server/contracts/account-types.ts';
import {
  AGREEMENT_MESSAGES,
  agreeCall,
  type AgreementPage,
  getOwnAgreementCall,
} from '#server/contracts/matching-agreement.ts';
import { MESSAGES } from '#server/contracts/messages.ts';
import { loginRedirectPath } from '#server/contracts/route-access.ts';
import { Button } from '#client/components/button/button.tsx';
import { FactList } from '#client/components/fact-list.tsx';
import { Notice } from '#client/components/feedback/notice.ts';
import { FormActions } from '#client/components/form/form-actions.ts';
import { PageFrame } from '#client/components/page-frame.tsx';
import { PageCard, PageStack } from '#client/components/page/page-text.ts';
import { useCurrentUser } from '#client/lib/current-user.ts';
import { formatJapaneseDateTime } from '#client/lib/date-format.ts';
import { usePageLocation } from '#client/lib/page-location.ts';
import { refusalReason, useCommand } from '#client/components/command/use-command.ts';
import { useApiClient } from '#client/lib/request/api-client-context.ts';
import { fetchCall } from '#client/lib/request/fetch-call.ts';
import { RequestFailedError } from '#client/lib/request/http-error.ts';
import { saveCall } from '#client/lib/request/save-call.ts';
import { NEED_SEARCH_PATH } from '../matching-paths.ts';
import type { matchingAgreementLoader } from './matching-agreement-loader.ts';

const TITLE = 'ビジネスマッチング利用規約';

const Terms = styled(PageCard)`
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.typography.fontSizeLarge};
  }

  ol {
    display: grid;
    gap: ${({ theme }) => theme.spacing.sm};
    margin: 0;
    padding: 0;
    list-style: none;
  }

  li {
    overflow-wrap: anywhere;
  }
`;

const Lead = styled.p`
  margin: 0;
`;

/**
 * /ncba/bm/agreement/{unique_code}: the bank's business-matching terms for one company (the link
 * the bank mailed, or the one the portal opened), for anyone to read without logging in: the bank,
 * the company, the terms article by article, and whether the company has agreed. 同意する takes a
 * visitor to the login first (back here after it); a company owner of that company agrees. Who may
 * not agree (bank staff, another company's users, users who are not the owners) is told in the
 * server's words, as it refuses them (403).
 */
export function MatchingAgreementPage() {
  const answer = useLoaderData<typeof matchingAgreementLoader>();
  if (!answer.loaded)
    return (
      <PageFrame title={TITLE}>
        <Notice role="alert">
          <p>{MESSAGES.loadFailed}</p>
        </Notice>
      </PageFrame>
    );
  return (
    <PageFrame title={TITLE}>
      <AgreementContent key={answer.code} code={answer.code} page={answer.page} />
    </PageFrame>
  );
}

function AgreementContent({ code, page }: { code: string; page: AgreementPage }) {
  const [current, setCurrent] = useState(page);
  const [refusal, setRefusal] = useState<string>();
  const [sending, setSending] = useState(false);
  const user = useCurrentUser();
  const api = useApiClient();
  const { run } = useCommand();
  const location = useLocation();
  const pageLocation = usePageLocation();

  /**
   * Why this user may not agree, before asking: the server's own 403 messages. The request layer
   * keeps a 403's body from the page, so the page tells them apart from what it knows: a user of
   * the bank or not an owner, and an owner of another company (its own agreement has another code).
   */
  const refusalBeforeAgreeing = async (): Promise<string | undefined> => {
    if (user === null) return undefined;
    if (isBankUser(user.user_type)) return AGREEMENT_MESSAGES.notTheCompany;
    if (!(OWNER_USER_TYPES as readonly string[]).includes(user.user_type))
      return AGREEMENT_MESSAGES.ownersOnly;
    try {
      const own = await fetchCall(api, getOwnAgreementCall, {});
      return own.unique_code === code ? undefined : AGREEMENT_MESSAGES.notTheCompany;
    } catch (error) {
      // Not known: the agreement itself is asked, and the server answers.
      if (error instanceof RequestFailedError) return undefined;
      throw error;
    }
  };

  const agree = async () => {
    if (user === null) {
      pageLocation.assign(loginRedirectPath(`${location.pathname}${location.search}`));
      return;
    }
    setRefusal(undefined);
    setSending(true);
    try {
      const before = await refusalBeforeAgreeing();
      if (before !== undefined) {
        setRefusal(before);
        return;
      }
      const outcome = await run(() => saveCall(api, agreeCall, { params: { unique_code: code } }), {
        done: AGREEMENT_MESSAGES.agreed,
      });
      if (outcome?.status === 'success') setCurrent(outcome.result);
      else setRefusal(refusalReason(outcome));
    } finally {
      setSending(false);
    }
  };

  return (
    <PageStack>
      <Lead>
        {current.bank_name}
        のビジネスマッチングをご利用いただくには、企業の代表者の方による利用規約への同意が必要です。
      </Lead>
      <FactList
        facts={[
          { term: '金融機関', value: current.bank_name },
          { term: '企業名', value: current.company_name },
          {
            term: '同意状況',
            value:
              current.agreed_at === null
                ? '未同意'
                : `同意済み（${formatJapaneseDateTime(current.agreed_at)}）`,
          },
        ]}
      />
      <Terms as="section" aria-labelledby="matching-terms-heading">
        <h2 id="matching-terms-heading">利用規約</h2>
        <ol>
          {current.terms.map((article) => (
            <li key={article}>{article}</li>
          ))}
        </ol>
      </Terms>
      {current.agreed_at !== null ? (
        <Notice role="status" $tone="info">
          <p>この企業は利用規約に同意済みです。商談依頼の送信と承諾ができます。</p>
          {user !== null && !isBankUser(user.user_type) && (
            <p>
              <Link to={NEED_SEARCH_PATH}>ニーズを探す</Link>
            </p>
          )}
        </Notice>
      ) : (
        <>
          {refusal && (
            <Notice role="alert">
              <p>{refusal}</p>
            </Notice>
          )}
          {user === null && (
            <Lead>同意するにはログインが必要です。「同意する」を押すと、ログイン画面に移ります。</Lead>
          )}
          <FormActions>
            <Button type="button" $variant="main" disabled={sending} onClick={() => void agree()}>
              同意する
            </Button>
          </FormActions>
        </>
      )}
    </PageStack>
  );
}
