import { useMemo } from 'react';
import styled from 'styled-components';
import { hasAllPermissions } from '#server/contracts/account-types.ts';
import {
  CARD_EXPIRY_MONTHS,
  cardExpiryYears,
  getPaymentCard,
  PAYMENT_CARD_MESSAGES,
  paymentCardFieldsSchema,
  registerPaymentCard,
} from '#server/contracts/payment-card.ts';
import { CARD_COMPLETED_PATH } from '#server/contracts/payment-card-paths.ts';
import { Button } from '#client/components/button/button.tsx';
import { describedControl, FieldRow } from '#client/components/form/field-row.tsx';
import { Select, TextInput } from '#client/components/form/form-controls.ts';
import { useAppConfig } from '#client/lib/app-config-context.tsx';
import { useCurrentUser } from '#client/lib/current-user.ts';
import { type FieldName, useSchemaForm } from '#client/lib/forms/use-schema-form.ts';
import { usePageLocation } from '#client/lib/page-location.ts';
import { useApiClient } from '#client/lib/request/api-client-context.ts';
import { saveCall, useCallQuery } from '#client/lib/request/call-client.ts';
import { useSaveFlow } from '#client/lib/save-flow.ts';
import { RegisteredCard } from './components/registered-card.tsx';
import { FormActions } from '#client/components/form/form-actions.ts';

/** Who may register the company's card (owners by default; server/api/payment/routes.ts checks it too). */
const CARD_WRITE_PERMISSION = 'company_setting_payment_write';

const Body = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.spacing.lg};
  max-width: 880px;

  p {
    margin: 0;
  }
`;

const Brands = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.sm};
  margin: ${({ theme }) => theme.spacing.xs} 0 0;
  padding: 0;
  list-style: none;

  li {
    padding: ${({ theme }) => `${theme.spacing.xs} ${theme.spacing.sm}`};
    font-weight: ${({ theme }) => theme.typography.fontWeightBold};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.sm};
  }
`;

const Expiry = styled.div`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 8em)) 1fr;
  gap: ${({ theme }) => theme.spacing.sm};
  align-items: center;
`;

const Notice = styled.p`
  padding: ${({ theme }) => theme.spacing.md};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
`;

/**
 * /mypage/payment/card/create: the company's card (platform spec sections 2 and 4). A bank that asks
 * for a card sends its companies here until one is registered. The number and security code go to
 * the payment gateway through the portal and are never kept; on success the completion page loads
 * in full, so start-up reads the user again and the card requirement is met on every page.
 */
export function CardCreatePage() {
  const config = useAppConfig();
  const user = useCurrentUser();
  const registered = useCallQuery(getPaymentCard, {});
  const mayRegister =
    user !== null &&
    hasAllPermissions({ isSuperUser: user.user_is_super_user, permittedActions: user.permitted_actions }, [
      CARD_WRITE_PERMISSION,
    ]);
  const current = registered.data?.card ?? null;

  return (
    <Body>
      {current ? (
        <>
          <p>次のカードが登録されています。別のカードに変更する場合は、新しいカードを登録してください。</p>
          <RegisteredCard card={current} label="登録済みのカード" />
        </>
      ) : (
        <p>サービスのご利用料金のお支払いに使うクレジットカードを登録してください。</p>
      )}
      <div>
        <p>ご利用いただけるカードブランド</p>
        <Brands aria-label="ご利用いただけるカードブランド">
          {config.card_brands.map((brand) => (
            <li key={brand}>{brand}</li>
          ))}
        </Brands>
      </div>
      {mayRegister ? (
        <CardForm acceptedBrands={config.card_brands} />
      ) : (
        <Notice>{PAYMENT_CARD_MESSAGES.notPermitted}</Notice>
      )}
    </Body>
  );
}

function CardForm({ acceptedBrands }: { acceptedBrands: readonly string[] }) {
  const api = useApiClient();
  const saveFlow = useSaveFlow();
  const location = usePageLocation();
  const schema = useMemo(() => paymentCardFieldsSchema(acceptedBrands), [acceptedBrands]);
  const years = useMemo(() => cardExpiryYears(), []);
  const form = useSchemaForm(schema, {
    defaultValues: { card_number: '', expiry_month: '', expiry_year: '', security_code: '', holder_name: '' },
  });
  type CardField = FieldName<typeof schema>;
  const isCardField = (name: string): name is CardField => Object.hasOwn(schema.shape, name);

  const submit = form.handleSubmit(async (card) => {
    const outcome = await saveFlow.run(() => saveCall(api, registerPaymentCard, { body: card }));
    if (outcome.status === 'success') {
      // In full: start-up reads the user anew, whose company now has a card (the route guard's view).
      location.assign(CARD_COMPLETED_PATH);
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
          登録する
        </Button>
      </FormActions>
    </form>
  );
}
