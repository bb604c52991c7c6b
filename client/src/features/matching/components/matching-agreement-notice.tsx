import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from '#client/lib/router/index.ts';
import styled from 'styled-components';
import { callKey } from '#server/contracts/call.ts';
import {
  agreementPagePath,
  getOwnAgreementCall,
  openOwnAgreementCall,
} from '#server/contracts/matching-agreement.ts';
import { DEAL_MESSAGES } from '#server/contracts/matching-deals.ts';
import { Button } from '#client/components/button/button.tsx';
import { Notice } from '#client/components/feedback/notice.ts';
import { useApiClient } from '#client/lib/request/api-client-context.ts';
import { saveCall, useCallQuery } from '#client/lib/request/call-client.ts';
import { useSaveFlow } from '#client/lib/save-flow.ts';

/** 利用規約を確認する: a link that looks like the notice's button. */
const TermsLink = styled(Button)`
  justify-self: start;
  text-decoration: none;
`;

const OpenButton = styled(Button)`
  justify-self: start;
`;

/**
 * The company's agreement to the bank's matching terms (GET /api/v1/matching/agreement), asked once
 * per visit of a page that offers a deal. Not retried: a failed check leaves the page as it was, and
 * the server still refuses a deal the terms do not cover (DEAL_MESSAGES.agreementRequired).
 */
export function useOwnAgreement({ enabled = true }: { enabled?: boolean } = {}) {
  return useCallQuery(getOwnAgreementCall, {}, { retry: false, enabled });
}

/**
 * Why no deal can be sent or taken up yet: the terms are not agreed to. It links to the company's
 * agreement page (/ncba/bm/agreement/{code}); a company that has none yet opens one first (POST
 * /api/v1/matching/agreement), then goes there. The owners agree; anyone may read the terms.
 */
export function AgreementRequiredNotice({ refused = false }: { refused?: boolean }) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const saveFlow = useSaveFlow();
  const { data } = useOwnAgreement();
  const [opening, setOpening] = useState(false);
  const code = data?.unique_code ?? null;

  const open = async () => {
    setOpening(true);
    try {
      const outcome = await saveFlow.run(() => saveCall(api, openOwnAgreementCall, {}), {
        successToast: false,
      });
      if (outcome.status !== 'success' || outcome.result.unique_code === null) return;
      queryClient.setQueryData(callKey(getOwnAgreementCall, {}), outcome.result);
      await navigate(agreementPagePath(outcome.result.unique_code));
    } finally {
      setOpening(false);
    }
  };

  return (
    <Notice role={refused ? 'alert' : 'status'} $tone={refused ? 'error' : 'info'}>
      <p>{DEAL_MESSAGES.agreementRequired}</p>
      {code !== null ? (
        <TermsLink as={Link} to={agreementPagePath(code)} $variant="main">
          利用規約を確認する
        </TermsLink>
      ) : (
        <OpenButton type="button" $variant="main" disabled={opening} onClick={() => void open()}>
          利用規約を確認する
        </OpenButton>
      )}
    </Notice>
  );
}
