import styled from 'styled-components';
import { listRunningCampaignsCall, type RunningCampaign } from '#server/contracts/matching-campaigns.ts';
import { PageEmpty, PageLead } from '#client/components/page/page-text.ts';
import { formatJapaneseDate } from '#client/lib/date-format.ts';
import { useCallQuery } from '#client/lib/request/call-client.ts';
import { LoadFailedNotice, LoadingNotice } from '#client/components/page/page-states.tsx';
import { NeedResultList } from '../search/need-result-list.tsx';

const Campaigns = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.spacing.xl};
`;

const Campaign = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.spacing.md};
`;

const Header = styled.header`
  display: grid;
  gap: ${({ theme }) => theme.spacing.sm};
  padding: ${({ theme }) => theme.spacing.md};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  border-left: 4px solid ${({ theme }) => theme.colors.main};
  border-radius: ${({ theme }) => theme.radii.md};

  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.typography.fontSizeLarge};
    overflow-wrap: anywhere;
  }

  p {
    margin: 0;
  }
`;

const Period = styled.p`
  font-size: ${({ theme }) => theme.typography.fontSizeSmall};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Body = styled.p`
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

/**
 * /mypage/matching/campaign (キャンペーン): the bank's campaigns running today, each with its text,
 * period and the needs it features (those still published and visible to the company), as the
 * search shows needs.
 */
export function RunningCampaignPage() {
  const { data, isError } = useCallQuery(listRunningCampaignsCall, {});
  if (data === undefined) return isError ? <LoadFailedNotice /> : <LoadingNotice />;
  return (
    <>
      <PageLead>銀行が開催しているビジネスマッチングのキャンペーンと、その掲載ニーズです。</PageLead>
      {data.length === 0 ? (
        <PageEmpty>開催中のキャンペーンはありません。</PageEmpty>
      ) : (
        <Campaigns>
          {data.map((campaign) => (
            <CampaignSection key={campaign.campaign_unique_code} campaign={campaign} />
          ))}
        </Campaigns>
      )}
    </>
  );
}

function CampaignSection({ campaign }: { campaign: RunningCampaign }) {
  const headingId = `campaign-${campaign.campaign_unique_code}`;
  return (
    <Campaign aria-labelledby={headingId}>
      <Header>
        <h2 id={headingId}>{campaign.campaign_title}</h2>
        <Period>
          開催期間 {formatJapaneseDate(campaign.campaign_start)}〜{formatJapaneseDate(campaign.campaign_end)}
        </Period>
        <Body>{campaign.campaign_body}</Body>
      </Header>
      {campaign.needs.length === 0 ? (
        <PageEmpty>掲載中のニーズはありません。</PageEmpty>
      ) : (
        <NeedResultList needs={campaign.needs} label={`${campaign.campaign_title}のニーズ`} />
      )}
    </Campaign>
  );
}
