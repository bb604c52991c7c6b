import { Link } from '#client/lib/router/index.ts';
import styled from 'styled-components';
import { getPaymentCard } from '#server/contracts/payment-card.ts';
import { COMPANY_HOME_PATH } from '#server/contracts/route-access.ts';
import { useCallQuery } from '#client/lib/request/call-client.ts';
import { RegisteredCard } from './components/registered-card.tsx';

const Body = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.spacing.md};
  max-width: 720px;

  p {
    margin: 0;
  }
`;

const Lead = styled.p`
  font-size: ${({ theme }) => theme.typography.fontSizeLarge};
  font-weight: ${({ theme }) => theme.typography.fontWeightBold};
`;

/**
 * /mypage/payment/card/complate (the spec's spelling): the card is registered. The form loaded this
 * page in full, so the user start-up read is the one with the card: the link opens every page again.
 */
export function CardCompletedPage() {
  const card = useCallQuery(getPaymentCard, {});
  return (
    <Body>
      <Lead>クレジットカードの登録が完了しました。</Lead>
      <p>ご登録いただいたカードでお支払いいただけます。引き続きサービスをご利用ください。</p>
      {card.data?.card && <RegisteredCard card={card.data.card} label="登録したカード" />}
      <p>
        <Link to={COMPANY_HOME_PATH}>ダッシュボードへ</Link>
      </p>
    </Body>
  );
}
