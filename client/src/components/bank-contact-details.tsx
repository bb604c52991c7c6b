import styled, { css } from 'styled-components';
import type { PublicAppConfig } from '#server/contracts/app-config.ts';

const Details = styled.dl<{ $framed: boolean }>`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: ${({ theme }) => `${theme.spacing.xs} ${theme.spacing.md}`};
  margin: 0;
  ${({ theme, $framed }) =>
    $framed &&
    css`
      padding: ${theme.spacing.md};
      background: ${theme.colors.surfaceMuted};
      border-radius: ${theme.radii.md};
    `}

  dt {
    font-weight: ${({ theme }) => theme.typography.fontWeightBold};
  }

  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

/**
 * The bank's contact desk from its config: 窓口, 電話 (a tel: link) and メール (a mailto: link).
 * Framed on a muted panel of its own, unless it sits on a muted section already (`framed={false}`).
 * Its margin is the caller's: `styled(BankContactDetails)` places it.
 */
export function BankContactDetails({
  contact,
  framed = true,
  className,
}: {
  contact: PublicAppConfig['bank']['contact'];
  framed?: boolean;
  className?: string;
}) {
  return (
    <Details $framed={framed} className={className}>
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
