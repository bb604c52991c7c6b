import styled from 'styled-components';
import type { PublicAppConfig } from '../../../../../server/contracts/app-config.ts';

const Details = styled.dl`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: ${({ theme }) => `${theme.spacing.xs} ${theme.spacing.md}`};
  margin: 0;
  padding: ${({ theme }) => theme.spacing.md};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  border-radius: ${({ theme }) => theme.radii.md};

  dt {
    font-weight: ${({ theme }) => theme.typography.fontWeightBold};
  }

  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

/** The bank's contact desk: name, telephone and e-mail from the bank's config. */
export function ContactDetails({ contact }: { contact: PublicAppConfig['bank']['contact'] }) {
  return (
    <Details>
      <dt>窓口</dt>
      <dd>{contact.name}</dd>
      <dt>電話</dt>
      <dd>
        <a href={`tel:${contact.tel}`}>{contact.tel}</a>
      </dd>
      <dt>メール</dt>
      <dd>
        <a href={`mailto:${contact.email}`}>{contact.email}</a>
      </dd>
    </Details>
  );
}
