import { Link } from '#client/lib/router/index.ts';
import styled from 'styled-components';
import { PARTNER_FORM_PATH } from '#server/contracts/navigation-links.ts';
import { isLivePagePath } from '#client/lib/live-pages.ts';
import { useAppConfig } from '#client/lib/app-config-context.tsx';
import { ExternalLink } from '../external-link.tsx';

const Footer = styled.footer`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => `${theme.spacing.sm} ${theme.spacing.lg}`};
  padding: ${({ theme }) => `${theme.spacing.md} ${theme.spacing.lg}`};
  font-size: ${({ theme }) => theme.typography.fontSizeSmall};
  background: ${({ theme }) => theme.colors.surface};
  border-top: 1px solid ${({ theme }) => theme.colors.border};

  a {
    color: ${({ theme }) => theme.colors.text};
  }
`;

const TextButton = styled.button`
  padding: 0;
  font: inherit;
  color: ${({ theme }) => theme.colors.link};
  text-decoration: underline;
  background: none;
  border: 0;
  cursor: pointer;
`;

const Version = styled.small`
  margin-left: auto;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/**
 * The admin area's footer (admin spec section 2): the operating-rules and service-specification
 * PDFs, the feature-request button, the partner form and the build version. The bank may hide the
 * feature request and the partner form (customize show_feature_request, show_partner_form_link);
 * the partner form's link waits for its page (client/src/lib/live-pages.ts).
 */
export function AdminFooter({ onOpenFeatureRequest }: { onOpenFeatureRequest: () => void }) {
  const config = useAppConfig();
  return (
    <Footer>
      <ExternalLink href={config.operating_rules_pdf_url}>運用ルール（PDF）</ExternalLink>
      <ExternalLink href={config.service_spec_pdf_url}>サービス仕様書（PDF）</ExternalLink>
      {config.customize.show_feature_request !== false && (
        <TextButton type="button" onClick={onOpenFeatureRequest}>
          機能要望を送る
        </TextButton>
      )}
      {config.customize.show_partner_form_link !== false && isLivePagePath(PARTNER_FORM_PATH) && (
        <Link to={PARTNER_FORM_PATH}>パートナーフォーム</Link>
      )}
      <Version>バージョン {config.build_version}</Version>
    </Footer>
  );
}
