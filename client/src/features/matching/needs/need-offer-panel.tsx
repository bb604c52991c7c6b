import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from '#client/lib/router/index.ts';
import styled from 'styled-components';
import { EndActions, MetaLine } from '#client/components/page/row-layouts.ts';
import {
  AICHAT_MESSAGES,
  declineNeedOfferCall,
  listNeedOffersCall,
  type NeedOffer,
} from '#server/contracts/aichat.ts';
import { Button, ButtonLink } from '#client/components/button/button.tsx';
import { formatJapaneseDate } from '#client/lib/date-format.ts';
import { ConfirmDialog, ConfirmQuestion } from '#client/components/command/confirm-dialog.tsx';
import { useCommand } from '#client/components/command/use-command.ts';
import { useApiClient } from '#client/lib/request/api-client-context.ts';
import { saveCall, useCallQuery } from '#client/lib/request/call-client.ts';
import { LoadFailedNotice } from '#client/components/page/page-states.tsx';
import { NeedCategoryTag } from '../components/need-display.tsx';
import { needOfferPath } from '../matching-paths.ts';

const Panel = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.spacing.md};
  margin-bottom: ${({ theme }) => theme.spacing.lg};
  padding: ${({ theme }) => theme.spacing.md};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  border: 1px solid ${({ theme }) => theme.colors.main};
  border-radius: ${({ theme }) => theme.radii.md};

  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.typography.fontSizeLarge};
  }

  p {
    margin: 0;
  }
`;

const Offers = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.spacing.sm};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Offer = styled.li`
  display: grid;
  gap: ${({ theme }) => theme.spacing.sm};
  min-width: 0;
  padding: ${({ theme }) => theme.spacing.md};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};

  h3 {
    margin: 0;
    font-size: ${({ theme }) => theme.typography.fontSizeBase};
    overflow-wrap: anywhere;
  }
`;

/** The body's first lines: the rest is read in the form. */
const Excerpt = styled.p`
  display: -webkit-box;
  overflow: hidden;
  -webkit-line-clamp: 3;
  -webkit-box-orient: vertical;
  overflow-wrap: anywhere;
  white-space: pre-line;
`;

const Actions = styled(EndActions)`
  & > * {
    flex: 1 1 12em;

    ${({ theme }) => theme.media.tabletUp} {
      flex: 0 0 auto;
    }
  }
`;

/**
 * Above the company's needs: the needs its bank wrote for it and offered (GET
 * /api/v1/mybusiness/need_offers), waiting for an answer. 内容を確認して承諾 opens the offer in the
 * need form (to edit, then register as the company's own need); 辞退 declines it after asking
 * again. Nothing is shown while there is no offer.
 */
export function NeedOfferPanel() {
  const { data, isError } = useCallQuery(listNeedOffersCall, {}, { retry: false });
  const [declining, setDeclining] = useState<NeedOffer | null>(null);
  if (isError) return <LoadFailedNotice message="金融機関からのご提案を読み込めませんでした。" />;
  if (data === undefined || data.length === 0) return null;
  return (
    <Panel aria-labelledby="need-offers-heading">
      <h2 id="need-offers-heading">金融機関からのご提案（{data.length}件）</h2>
      <p>
        金融機関が貴社の情報をもとにニーズの文案を作成しました。内容を確認・編集のうえ承諾すると、自社のニーズとして登録されます。
      </p>
      <Offers aria-label="提案されたニーズ">
        {data.map((offer) => (
          <Offer key={offer.ca_unique_code}>
            <MetaLine>
              <NeedCategoryTag code={offer.need_category} />
              <span>提案日 {formatJapaneseDate(offer.need_offered_at)}</span>
            </MetaLine>
            <h3>{offer.need_title}</h3>
            <Excerpt>{offer.need_body}</Excerpt>
            <Actions>
              <Button
                type="button"
                aria-label={`「${offer.need_title}」を辞退`}
                onClick={() => setDeclining(offer)}
              >
                辞退
              </Button>
              <ButtonLink
                as={Link}
                to={needOfferPath(offer.ca_unique_code)}
                $variant="main"
                aria-label={`「${offer.need_title}」の内容を確認して承諾`}
              >
                内容を確認して承諾
              </ButtonLink>
            </Actions>
          </Offer>
        ))}
      </Offers>
      {declining && (
        <DeclineDialog key={declining.ca_unique_code} offer={declining} onClose={() => setDeclining(null)} />
      )}
    </Panel>
  );
}

/** Asks again before the offer is declined (it cannot be taken back). */
function DeclineDialog({ offer, onClose }: { offer: NeedOffer; onClose: () => void }) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const { run, sending } = useCommand();
  const decline = async () => {
    await run(
      () => saveCall(api, declineNeedOfferCall, { params: { ca_unique_code: offer.ca_unique_code } }),
      {
        done: AICHAT_MESSAGES.declined,
        after: () => queryClient.invalidateQueries({ queryKey: [declineNeedOfferCall.domain] }),
      },
    );
    onClose();
  };
  return (
    <ConfirmDialog
      open
      onCancel={onClose}
      title="ご提案の辞退"
      confirmLabel="辞退する"
      tone="danger"
      sending={sending}
      onConfirm={() => void decline()}
    >
      <ConfirmQuestion>
        「{offer.need_title}」のご提案を辞退します。辞退したご提案は元に戻せません。
      </ConfirmQuestion>
    </ConfirmDialog>
  );
}
