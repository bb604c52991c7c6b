import styled from 'styled-components';
import { hasAllPermissions } from '#server/contracts/account-types.ts';
import {
  getPaymentCard,
  PAYMENT_CARD_MESSAGES,
  registerPaymentCard,
} from '#server/contracts/payment-card.ts';
import { CARD_COMPLETED_PATH } from '#server/contracts/payment-card-paths.ts';
import { PaymentCardForm } from '#client/components/payment-card/payment-card-form.tsx';
import { useAppConfig } from '#client/lib/app-config-context.tsx';
import { useCurrentUser } from '#client/lib/current-user.ts';
import { usePageLocation } from '#client/lib/page-location.ts';
import { useApiClient } from '#client/lib/request/api-client-context.ts';
import { saveCall, useCallQuery } from '#client/lib/request/call-client.ts';
import { RegisteredCard } from './components/registered-card.tsx';

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
  const api = useApiClient();
  const location = usePageLocation();

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
        <PaymentCardForm
          acceptedBrands={config.card_brands}
          send={(card) => saveCall(api, registerPaymentCard, { body: card })}
          // In full: start-up reads the user anew, whose company now has a card (the route guard's view).
          onSaved={() => location.assign(CARD_COMPLETED_PATH)}
        />
      ) : (
        <Notice>{PAYMENT_CARD_MESSAGES.notPermitted}</Notice>
      )}
    </Body>
  );
}
