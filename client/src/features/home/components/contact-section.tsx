import { Link } from '#client/lib/router/index.ts';
import styled from 'styled-components';
import { BankContactDetails } from '#client/components/bank-contact-details.tsx';
import { useAppConfig } from '#client/lib/app-config-context.tsx';
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

const ContactDetails = styled(BankContactDetails)`
  margin-top: ${({ theme }) => theme.spacing.md};
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
          <ContactDetails contact={bank.contact} framed={false} />
        </div>
        <ActionLink as={Link} to="/inquiry" $variant="main">
          お問い合わせフォーム
        </ActionLink>
      </Layout>
    </Section>
  );
}
