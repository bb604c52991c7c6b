import styled from 'styled-components';
import { CardGrid } from '#client/components/page/row-layouts.ts';
import { isHttpUrl } from '#server/contracts/validation.ts';
import { ExternalLink } from '#client/components/external-link.tsx';
import { TablePager } from '#client/components/table/table-pager.tsx';
import { partnerBankSearchCall } from '#server/contracts/news.ts';
import { useCallQuery } from '#client/lib/request/call-client.ts';
import { LIST_ROWS_OPTIONS } from './article-pages.ts';
import { Loading, NewsLoadFailure, Notice } from './components/page-notices.tsx';
import { useListPosition } from './use-list-position.ts';

const Bank = styled.li`
  display: grid;
  align-content: start;
  gap: ${({ theme }) => theme.spacing.sm};
  padding: ${({ theme }) => theme.spacing.lg};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
`;

const Name = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.typography.fontSizeLarge};
  overflow-wrap: anywhere;
`;

const Code = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.typography.fontSizeSmall};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Description = styled.p`
  margin: 0;
  white-space: pre-line;
  overflow-wrap: anywhere;
`;

const SiteLink = styled(ExternalLink)`
  display: inline-flex;
  align-items: center;
  min-height: 44px;
  color: ${({ theme }) => theme.colors.link};
  overflow-wrap: anywhere;
`;

/**
 * /mypage/babank: the banks partnered with this one, each with its name, bank code, description and
 * a link to its site (a new tab; only an http(s) address becomes a link).
 */
export function PartnerBankPage() {
  const { page, rows, turnPage } = useListPosition();
  const { data, isError, isPending } = useCallQuery(
    partnerBankSearchCall,
    { query: { page, rows } },
    { keepPrevious: true },
  );
  return (
    <>
      {isError && <NewsLoadFailure />}
      {isPending && <Loading />}
      {data && data.list.length === 0 && <Notice>提携銀行はありません</Notice>}
      {data && data.list.length > 0 && (
        <CardGrid aria-label="提携銀行">
          {data.list.map((bank) => (
            <Bank key={bank.babank_id}>
              <Name>{bank.babank_name}</Name>
              <Code>金融機関コード：{bank.babank_code}</Code>
              {bank.babank_description && <Description>{bank.babank_description}</Description>}
              {bank.babank_url && isHttpUrl(bank.babank_url) && (
                <SiteLink href={bank.babank_url}>{bank.babank_name}のウェブサイト</SiteLink>
              )}
            </Bank>
          ))}
        </CardGrid>
      )}
      {data && data.paging_data.total_rows > 0 && (
        <TablePager
          paging={data.paging_data}
          rowsOptions={LIST_ROWS_OPTIONS}
          label="提携銀行のページ送り"
          onChange={turnPage}
        />
      )}
    </>
  );
}
