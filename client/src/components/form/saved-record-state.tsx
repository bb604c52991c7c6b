import type { ReactNode } from 'react';
import styled from 'styled-components';
import { type Fact, FactList } from '#client/components/fact-list.tsx';

const Section = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.spacing.sm};
  margin-bottom: ${({ theme }) => theme.spacing.lg};
  padding: ${({ theme }) => theme.spacing.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};

  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.typography.fontSizeBase};
  }

  p {
    margin: 0;
  }
`;

/**
 * Where a saved record stands, in a bordered box above its edit form (審査の状況, 掲載の状況): a
 * heading, the facts, then any note on what a save would do (the children). The section is named
 * by its heading, whose id the page gives.
 */
export function SavedRecordState({
  headingId,
  heading,
  facts,
  children,
}: {
  headingId: string;
  heading: string;
  facts: readonly Fact[];
  children?: ReactNode;
}) {
  return (
    <Section aria-labelledby={headingId}>
      <h2 id={headingId}>{heading}</h2>
      <FactList facts={facts} />
      {children}
    </Section>
  );
}
