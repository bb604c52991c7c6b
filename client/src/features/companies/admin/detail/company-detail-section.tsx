import { type ReactNode, useId } from 'react';
import styled from 'styled-components';

const Section = styled.section`
  margin-bottom: ${({ theme }) => theme.spacing.lg};

  h2 {
    margin: 0 0 ${({ theme }) => theme.spacing.sm};
    padding-bottom: ${({ theme }) => theme.spacing.xs};
    font-size: ${({ theme }) => theme.typography.fontSizeLarge};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }

  > p {
    margin: ${({ theme }) => theme.spacing.sm} 0;
  }
`;

/** One part of a company's page under its heading, named by it (a region for assistive technology). */
export function CompanyDetailSection({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <Section aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      {children}
    </Section>
  );
}
