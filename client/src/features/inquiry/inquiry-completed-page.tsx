import { Link } from 'react-router';
import styled from 'styled-components';
import { BankContactDetails } from '#client/components/bank-contact-details.tsx';
import { useAppConfig } from '#client/lib/app-config-context.tsx';
import { PageFrame } from '#client/components/page-frame.tsx';

const Body = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.spacing.md};

  p {
    margin: 0;
  }
`;

const Lead = styled.p`
  font-size: ${({ theme }) => theme.typography.fontSizeLarge};
  font-weight: ${({ theme }) => theme.typography.fontWeightBold};
`;

/** /inquiry/completed: the thanks after sending, and whom to call when it is urgent. */
export function InquiryCompletedPage() {
  const { bank } = useAppConfig();
  return (
    <PageFrame title="お問い合わせ完了">
      <Body>
        <Lead>お問い合わせいただき、ありがとうございました。</Lead>
        <p>
          {`内容を確認のうえ、${bank.name}の担当者よりご連絡いたします。ご回答までお時間をいただく場合がございますので、あらかじめご了承ください。`}
        </p>
        <p>お急ぎの場合は、下記の窓口までお問い合わせください。</p>
        <BankContactDetails contact={bank.contact} />
        <p>
          <Link to="/">トップページに戻る</Link>
        </p>
      </Body>
    </PageFrame>
  );
}
