import { useMemo } from 'react';
import styled from 'styled-components';
import {
  CARD_EXPIRY_MONTHS,
  cardExpiryYears,
  type PaymentCardFields,
  paymentCardFieldsSchema,
} from '#server/contracts/payment-card.ts';
import { Button } from '#client/components/button/button.tsx';
import { describedControl, FieldRow } from '#client/components/form/field-row.tsx';
import { FormActions } from '#client/components/form/form-actions.ts';
import { Select, TextInput } from '#client/components/form/form-controls.ts';
import { type FieldName, useSchemaForm } from '#client/lib/forms/use-schema-form.ts';
import type { SaveOutcome } from '#client/lib/request/save-request.ts';
import { useSaveFlow } from '#client/lib/save-flow.ts';

const Expiry = styled.div`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 8em)) 1fr;
  gap: ${({ theme }) => theme.spacing.sm};
  align-items: center;
`;

export interface PaymentCardFormProps {
  /** The bank's card_brands. */
  acceptedBrands: readonly string[];
  /** Sends the card where it goes (the company's card, an application's card). */
  send(card: PaymentCardFields): Promise<SaveOutcome<unknown>>;
  onSaved(): void;
  submitLabel?: string;
}

/**
 * The card form (number, expiry, security code, holder) checked with the contract's schema, sent
 * through the save flow, the gateway's refusals shown under their fields. The company's card page
 * and the application that pays by card use it.
 */
export function PaymentCardForm({
  acceptedBrands,
  send,
  onSaved,
  submitLabel = '登録する',
}: PaymentCardFormProps) {
  const saveFlow = useSaveFlow();
  const schema = useMemo(() => paymentCardFieldsSchema(acceptedBrands), [acceptedBrands]);
  const years = useMemo(() => cardExpiryYears(), []);
  const form = useSchemaForm(schema, {
    defaultValues: { card_number: '', expiry_month: '', expiry_year: '', security_code: '', holder_name: '' },
  });
  type CardField = FieldName<typeof schema>;
  const isCardField = (name: string): name is CardField => Object.hasOwn(schema.shape, name);

  const submit = form.handleSubmit(async (card) => {
    const outcome = await saveFlow.run(() => send(card));
    if (outcome.status === 'success') {
      onSaved();
      return;
    }
    for (const [field, messages] of Object.entries(outcome.fieldErrors)) {
      const [message] = messages;
      if (isCardField(field) && message) form.setError(field, message);
    }
  });

  const field = (name: CardField, hint?: string) => ({
    name,
    required: true,
    hint,
    error: form.errors[name],
  });
  const number = field('card_number', 'ハイフンやスペースを入れずに、半角数字で入力してください。');
  const month = field('expiry_month');
  const year = field('expiry_year');
  const securityCode = field(
    'security_code',
    'カード裏面（American Expressは表面）に記載の3桁または4桁の数字です。',
  );
  const holder = field(
    'holder_name',
    'カードに記載のとおり、半角英字（ローマ字）で入力してください。例：TARO YAMADA',
  );

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-label="クレジットカード登録フォーム">
      <FieldRow optionalTag label="カード番号" {...number}>
        <TextInput
          {...describedControl(number.name, number)}
          {...form.register('card_number')}
          inputMode="numeric"
          autoComplete="cc-number"
          maxLength={19}
        />
      </FieldRow>
      <FieldRow optionalTag label="有効期限" {...month} error={month.error ?? year.error}>
        <Expiry>
          <Select
            {...describedControl(month.name, month)}
            {...form.register('expiry_month')}
            autoComplete="cc-exp-month"
            aria-label="有効期限（月）"
          >
            <option value="">月</option>
            {CARD_EXPIRY_MONTHS.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </Select>
          <Select
            {...describedControl(year.name, year)}
            {...form.register('expiry_year')}
            // The pair's one message shows under the row, with the month's id.
            aria-describedby={year.error ? `${month.name}-error` : undefined}
            autoComplete="cc-exp-year"
            aria-label="有効期限（年）"
          >
            <option value="">年</option>
            {years.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </Select>
        </Expiry>
      </FieldRow>
      <FieldRow optionalTag label="セキュリティコード" {...securityCode}>
        <TextInput
          {...describedControl(securityCode.name, securityCode)}
          {...form.register('security_code')}
          inputMode="numeric"
          autoComplete="cc-csc"
          maxLength={4}
        />
      </FieldRow>
      <FieldRow optionalTag label="カード名義" {...holder}>
        <TextInput
          {...describedControl(holder.name, holder)}
          {...form.register('holder_name')}
          autoComplete="cc-name"
        />
      </FieldRow>
      <FormActions>
        <Button type="submit" $variant="main" disabled={form.isSubmitting}>
          {submitLabel}
        </Button>
      </FormActions>
    </form>
  );
}
