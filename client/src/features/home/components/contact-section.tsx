import { Link } from 'react-router';
import styled from 'styled-components';
import { useAppConfig } from '../../../lib/app-config.tsx';
import { ActionLink } from './action-link.ts';
import { PageContainer } from './page-container.ts';

const Section = styled.section`
  padding-block: ${({ theme }) => theme.spacing.xl};
  background: ${({ theme }) => theme.colors.surfaceMuted};
`;

const Layout = styled(PageContainer)`
  display: grid;
  gap: ${({ theme }) => theme.spacing.lg};

  ${({ theme }) => theme.media.tabletUp} {
    & > a {
      justify-self: start;
    }
  }

  ${({ theme }) => theme.media.pcUp} {
    grid-template-columns: 1fr auto;
    align-items: center;
  }
`;

const Heading = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.typography.fontSizeLarge};
`;

const Text = styled.p`
  margin: ${({ theme }) => theme.spacing.sm} 0 0;
`;

const Details = styled.dl`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: ${({ theme }) => `${theme.spacing.xs} ${theme.spacing.md}`};
  margin: ${({ theme }) => theme.spacing.md} 0 0;

  dt {
    font-weight: ${({ theme }) => theme.typography.fontWeightBold};
  }

  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

const HEADING_ID = 'home-contact-heading';

/** Who at the bank answers questions about the portal, and the inquiry form. */
export function ContactSection() {
  const { bank, system_name: serviceName } = useAppConfig();
  return (
    <Section aria-labelledby={HEADING_ID}>
      <Layout>
        <div>
          <Heading id={HEADING_ID}>お問い合わせ</Heading>
          <Text>{serviceName}のご利用についてのご質問は、下記の窓口までお気軽にお問い合わせください。</Text>
          <Details>
            <dt>窓口</dt>
            <dd>{bank.contact.name}</dd>
            <dt>電話</dt>
            <dd>
              <a href={`tel:${bank.contact.tel}`}>{bank.contact.tel}</a>
            </dd>
            <dt>メール</dt>
            <dd>
              <a href={`mailto:${bank.contact.email}`}>{bank.contact.email}</a>
            </dd>
          </Details>
        </div>
        <ActionLink as={Link} to="/inquiry" $variant="main">
          お問い合わせフォーム
        </ActionLink>
      </Layout>
    </Section>
  );
}
