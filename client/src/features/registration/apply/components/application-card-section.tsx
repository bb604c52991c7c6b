import { useState } from 'react';
import styled from 'styled-components';
import { Button } from '#client/components/button/button.tsx';
import { PaymentCardForm } from '#client/components/payment-card/payment-card-form.tsx';
import { useAppConfig } from '#client/lib/app-config-context.tsx';
import { useApiClient } from '#client/lib/request/api-client-context.ts';
import { registerApplicationCard } from '../api/application-calls.ts';
import { useDraftId } from './draft-id-context.ts';
import { type StepFieldsProps, textOf } from './step-fields-context.ts';

const Section = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.spacing.sm};
  margin-top: ${({ theme }) => theme.spacing.lg};
  padding: ${({ theme }) => theme.spacing.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};

  h3,
  p {
    margin: 0;
  }
`;

const ErrorText = styled.p`
  color: ${({ theme }) => theme.colors.danger};
  font-weight: ${({ theme }) => theme.typography.fontWeightBold};
`;

/**
 * The card an application pays by (the payment variant): registered at once with the payment
 * gateway through the portal, which keeps only the token in the draft. A form of its own, so it
 * stands beside the step's form rather than in it.
 */
export function ApplicationCard({ values, errors, asked, onChange }: StepFieldsProps) {
  const api = useApiClient();
  const draftId = useDraftId();
  const { card_brands: brands } = useAppConfig();
  const masked = textOf(values, 'card_masked_number');
  const [changing, setChanging] = useState(false);
  if (!asked.has('card_token')) return null;
  const error = masked === '' ? (errors.card_token ?? errors.card_masked_number) : undefined;
  return (
    <Section aria-labelledby="card_token">
      {/* card_token's place: where 次へ takes the focus when the card is what is missing. */}
      <h3 id="card_token" tabIndex={-1}>
        お支払いカード
      </h3>
      <p>{`サービスのご利用料金のお支払いに使うクレジットカードを登録してください（${brands.join('・')}）。カード番号は当行では保存しません。`}</p>
      {error && <ErrorText role="alert">{error}</ErrorText>}
      {masked !== '' && !changing ? (
        <>
          <p>{`登録済みのカード: ${masked}`}</p>
          <p>
            <Button type="button" onClick={() => setChanging(true)}>
              別のカードに変更する
            </Button>
          </p>
        </>
      ) : (
        <PaymentCardForm
          acceptedBrands={brands}
          submitLabel="カードを登録する"
          send={async (card) => {
            const outcome = await registerApplicationCard(api, draftId, card);
            if (outcome.status === 'success')
              onChange('card_masked_number', outcome.result.card_masked_number);
            return outcome;
          }}
          onSaved={() => setChanging(false)}
        />
      )}
    </Section>
  );
}
