import { useEffect } from 'react';
import { useLoaderData } from '#client/lib/router/index.ts';
import styled from 'styled-components';
import {
  type PublicWebsite,
  WEBSITE_MESSAGES,
  WEBSITE_SECTION_LABELS,
} from '#server/contracts/company-website.ts';
import { Notice } from '#client/components/feedback/notice.ts';
import { PageFrame } from '#client/components/page-frame.tsx';
import { documentTitleOf } from '#client/components/page-header/page-handle.ts';
import { RichTextContent } from '#client/components/rich-text/rich-text-content.tsx';
import { useAppConfig } from '#client/lib/app-config-context.tsx';
import type { publicWebsiteLoader } from './public-website-loader.ts';

const Header = styled.header`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.md};
  align-items: center;
  margin-bottom: ${({ theme }) => theme.spacing.lg};
  padding-bottom: ${({ theme }) => theme.spacing.md};
  border-bottom: 4px solid ${({ theme }) => theme.colors.main};
`;

const Logo = styled.img`
  display: block;
  width: auto;
  height: 64px;
  max-width: 200px;
  object-fit: contain;
`;

const Names = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.spacing.xs};
  min-width: 0;

  h1 {
    margin: 0;
    font-size: 24px;
    line-height: 1.4;

    ${({ theme }) => theme.media.tabletUp} {
      font-size: 28px;
    }
  }

  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.typography.fontSizeLarge};
  }
`;

const Section = styled.section`
  margin-bottom: ${({ theme }) => theme.spacing.xl};

  > h2 {
    margin: 0 0 ${({ theme }) => theme.spacing.md};
    padding-left: ${({ theme }) => theme.spacing.sm};
    font-size: 20px;
    border-left: 4px solid ${({ theme }) => theme.colors.main};
  }
`;

const Gallery = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(200px, 1fr));
  gap: ${({ theme }) => theme.spacing.md};
  margin: 0;
  padding: 0;
  list-style: none;

  img {
    display: block;
    width: 100%;
    aspect-ratio: 4 / 3;
    object-fit: cover;
    border-radius: ${({ theme }) => theme.radii.md};
    background: ${({ theme }) => theme.colors.surfaceMuted};
  }
`;

const Footer = styled.footer`
  padding-top: ${({ theme }) => theme.spacing.md};
  font-size: ${({ theme }) => theme.typography.fontSizeSmall};
  color: ${({ theme }) => theme.colors.textMuted};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

/**
 * The document title of the site (spec section 1's pattern, with the company's name as the page's
 * title). The layout sets the route's title in its own effect, which React runs after this page's
 * (a parent's effects follow its children's): the company's name is set once they have all run.
 */
function useCompanyDocumentTitle(companyName: string | undefined) {
  const config = useAppConfig();
  const title =
    companyName === undefined
      ? undefined
      : documentTitleOf(companyName, config.system_name, config.bank.name);
  useEffect(() => {
    if (title === undefined) return;
    let current = true;
    queueMicrotask(() => {
      if (current) document.title = title;
    });
    return () => {
      current = false;
    };
  }, [title]);
}

/** One section of the site, left out when it has nothing to show. */
function SiteSection({ id, title, html }: { id: string; title: string; html: string | null }) {
  if (html === null || html === '') return null;
  return (
    <Section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <RichTextContent html={html} />
    </Section>
  );
}

function CompanySite({ site }: { site: PublicWebsite }) {
  const config = useAppConfig();
  return (
    <PageFrame>
      {!site.website_is_published && (
        <Notice role="status" $tone="info">
          <p>
            このホームページは公開されていません。ホームページを編集できる自社の利用者にだけ、プレビューとして表示しています。
          </p>
        </Notice>
      )}
      <Header>
        {site.company_logo_url && <Logo src={site.company_logo_url} alt={`${site.company_name}のロゴ`} />}
        <Names>
          <h1>{site.company_name}</h1>
          {site.website_title !== '' && site.website_title !== site.company_name && (
            <p>{site.website_title}</p>
          )}
        </Names>
      </Header>
      <SiteSection
        id="website-about"
        title={WEBSITE_SECTION_LABELS.website_about_html}
        html={site.website_about_html}
      />
      <SiteSection
        id="website-products"
        title={WEBSITE_SECTION_LABELS.website_products_html}
        html={site.website_products_html}
      />
      {site.website_photos.length > 0 && (
        <Section aria-labelledby="website-photos">
          <h2 id="website-photos">写真</h2>
          <Gallery>
            {site.website_photos.map((photo, index) => (
              <li key={photo.file_url}>
                <img src={photo.file_url} alt={`${site.company_name}の写真 ${index + 1}`} loading="lazy" />
              </li>
            ))}
          </Gallery>
        </Section>
      )}
      <SiteSection
        id="website-recruitment"
        title={WEBSITE_SECTION_LABELS.website_recruitment_html}
        html={site.website_recruitment_html}
      />
      <Footer>
        <p>
          このページは{site.company_name}が{config.system_name}（{config.bank.name}）で公開しています。
        </p>
      </Footer>
    </PageFrame>
  );
}

/**
 * /hp/{company_unique_code}: a company's homepage on the bank's portal, for everyone (no login). The
 * loader has read it; a site the bank does not show is the 404 page. The company's name is the
 * page's heading and its document title; the sections are the server's sanitised HTML, shown through
 * RichTextContent (which keeps the same allowlist again in the browser).
 */
export function PublicWebsitePage() {
  const answer = useLoaderData<typeof publicWebsiteLoader>();
  useCompanyDocumentTitle(answer.loaded ? answer.site.company_name : undefined);
  if (!answer.loaded)
    return (
      <PageFrame>
        <Notice role="alert">
          <p>{WEBSITE_MESSAGES.publicLoadFailed}</p>
        </Notice>
      </PageFrame>
    );
  return <CompanySite site={answer.site} />;
}
