import { useMemo } from 'react';
import { Link } from '#client/lib/router/index.ts';
import styled from 'styled-components';
import type { MenuItem } from '#server/contracts/menu-item.ts';
import { companiesPages } from '#server/contracts/pages/companies.ts';
import { userPages } from '#server/contracts/pages/user.ts';
import { COMPANY_DESK_PATH } from '../company-desk-paths.ts';
import { useOfferedLinks } from './company-offered-links.ts';

const Links = styled.nav`
  margin-bottom: ${({ theme }) => theme.spacing.lg};

  ul {
    display: flex;
    flex-wrap: wrap;
    gap: ${({ theme }) => `${theme.spacing.xs} ${theme.spacing.md}`};
    margin: 0;
    padding: 0;
    list-style: none;
  }
`;

/**
 * The desk's pages about a company's activity (admin spec section 2: /admin/company/user, partner,
 * favorite, innovation, matching, needs, creditcard, advertisement, support, simultaneousness), as
 * the admin menu names them and with its feature flags (support and simultaneousness have no menu
 * entry: their titles are this page's until their domain names them). Each domain builds its own
 * page; until it has, the page table has no such page and there is no link. The lists of every
 * company of a kind (the user switch, the partner companies) are linked plainly; the pages about one
 * company's activity are given it (`?company=`), as the charge and card pages take it.
 */
function subPagesOf(companyUniqueCode: string): MenuItem[] {
  const forCompany = (page: string) =>
    `${COMPANY_DESK_PATH}/${page}?company=${encodeURIComponent(companyUniqueCode)}`;
  return [
    { title: 'ユーザー一覧', link: userPages.switch.path },
    { title: 'パートナー企業', link: companiesPages.partners.path },
    { title: 'ニーズ一覧', link: forCompany('needs') },
    { title: '商談一覧', link: forCompany('matching') },
    { title: 'お気に入り', link: forCompany('favorite') },
    { title: 'イノベーション商談', link: forCompany('innovation'), appConfigRequired: ['enable_icnext'] },
    {
      title: 'クレジットカード',
      link: forCompany('creditcard'),
      appConfigRequired: ['enable_credit_card_registration'],
    },
    { title: '広告', link: forCompany('advertisement') },
    { title: 'サポート承認', link: forCompany('support') },
    { title: '同時利用', link: forCompany('simultaneousness') },
  ];
}

/** 関連ページ: the company's other pages on the desk that exist and that this staff member may open. */
export function CompanySubPageLinks({ companyUniqueCode }: { companyUniqueCode: string }) {
  const links = useOfferedLinks(useMemo(() => subPagesOf(companyUniqueCode), [companyUniqueCode]));
  if (links.length === 0) return null;
  return (
    <Links aria-label="関連ページ">
      <ul>
        {links.map((item) => (
          <li key={item.title}>
            <Link to={item.link ?? ''}>{item.title}</Link>
          </li>
        ))}
      </ul>
    </Links>
  );
}
