import { Fragment, type ReactNode } from 'react';
import styled from 'styled-components';

const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: ${({ theme }) => `${theme.spacing.xs} ${theme.spacing.md}`};
  margin: 0;

  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }

  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

export interface Fact {
  term: string;
  value: ReactNode;
}

/** Terms beside their values, as a definition list: 企業名 株式会社さくら精工, 開催日時 6月10日 14:00… */
export function FactList({ facts }: { facts: readonly Fact[] }) {
  return (
    <Facts>
      {facts.map((fact) => (
        <Fragment key={fact.term}>
          <dt>{fact.term}</dt>
          <dd>{fact.value}</dd>
        </Fragment>
      ))}
    </Facts>
  );
}
