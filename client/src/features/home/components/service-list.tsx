import styled from 'styled-components';
import { useAppConfig } from '#client/lib/app-config-context.tsx';
import { portalServicesOf } from '../portal-services.ts';
import { PageContainer } from './page-container.ts';
import { ServiceIcon } from './service-icon.tsx';

const Section = styled.section`
  padding-block: ${({ theme }) => theme.spacing.xl};

  ${({ theme }) => theme.media.pcUp} {
    padding-block: calc(${({ theme }) => theme.spacing.xl} * 1.5);
  }
`;

const Heading = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.typography.fontSizeLarge};

  ${({ theme }) => theme.media.pcUp} {
    font-size: 28px;
  }
`;

const Intro = styled.p`
  margin: ${({ theme }) => theme.spacing.sm} 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Grid = styled.ul`
  display: grid;
  grid-template-columns: 1fr;
  gap: ${({ theme }) => theme.spacing.md};
  margin: ${({ theme }) => theme.spacing.lg} 0 0;
  padding: 0;
  list-style: none;

  ${({ theme }) => theme.media.tabletUp} {
    grid-template-columns: repeat(2, 1fr);
  }

  ${({ theme }) => theme.media.pcUp} {
    grid-template-columns: repeat(3, 1fr);
    gap: ${({ theme }) => theme.spacing.lg};
  }
`;

const Card = styled.li`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: ${({ theme }) => theme.spacing.md};
  align-items: start;
  padding: ${({ theme }) => theme.spacing.lg};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-top: 4px solid ${({ theme }) => theme.colors.main};
  border-radius: ${({ theme }) => theme.radii.lg};
`;

const IconBadge = styled.span`
  display: grid;
  place-items: center;
  width: 48px;
  height: 48px;
  color: ${({ theme }) => theme.colors.main};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  border-radius: 50%;
`;

const CardTitle = styled.h3`
  margin: 0;
  font-size: ${({ theme }) => theme.typography.fontSizeBase};
`;

const CardText = styled.p`
  margin: ${({ theme }) => theme.spacing.xs} 0 0;
  font-size: ${({ theme }) => theme.typography.fontSizeSmall};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const HEADING_ID = 'home-services-heading';

/** What the portal offers this bank's customers; optional services appear only where the bank has them. */
export function ServiceList() {
  const config = useAppConfig();
  const services = portalServicesOf(config);
  return (
    <Section aria-labelledby={HEADING_ID}>
      <PageContainer>
        <Heading id={HEADING_ID}>ご利用いただけるサービス</Heading>
        <Intro>{config.system_name}では、次のサービスをご利用いただけます。</Intro>
        <Grid>
          {services.map((service) => (
            <Card key={service.icon}>
              <IconBadge>
                <ServiceIcon icon={service.icon} />
              </IconBadge>
              <div>
                <CardTitle>{service.title}</CardTitle>
                <CardText>{service.description}</CardText>
              </div>
            </Card>
          ))}
        </Grid>
      </PageContainer>
    </Section>
  );
}
