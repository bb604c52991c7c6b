import styled from 'styled-components';
import type { PaymentCard } from '#server/contracts/payment-card.ts';

const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content minmax(0, 1fr);
  gap: ${({ theme }) => `${theme.spacing.xs} ${theme.spacing.lg}`};
  margin: 0;
  padding: ${({ theme }) => theme.spacing.md};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};

  dt {
    font-weight: ${({ theme }) => theme.typography.fontWeightBold};
  }

  dd {
    margin: 0;
  }
`;

/** A registered card as the portal keeps it: brand, the last four digits, expiry and holder. */
export function RegisteredCard({ card, label }: { card: PaymentCard; label: string }) {
  return (
    <Facts aria-label={label}>
      <dt>カードブランド</dt>
      <dd>{card.brand}</dd>
      <dt>カード番号</dt>
      <dd>{card.masked_number}</dd>
      <dt>有効期限</dt>
      <dd>{`${String(card.expiry_month).padStart(2, '0')}/${card.expiry_year}`}</dd>
      <dt>カード名義</dt>
      <dd>{card.holder_name}</dd>
    </Facts>
  );
}
