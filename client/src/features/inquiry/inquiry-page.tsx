import styled from 'styled-components';
import { useAppConfig } from '#client/lib/app-config-context.tsx';
import { InquiryForm } from './components/inquiry-form.tsx';
import { PageFrame } from '#client/components/page-frame.tsx';

const Lead = styled.div`
  margin-bottom: ${({ theme }) => theme.spacing.md};

  p {
    margin: 0 0 ${({ theme }) => theme.spacing.sm};
  }
`;

/** /inquiry: questions about the portal to the bank, no login needed. */
export function InquiryPage() {
  const { bank, system_name: serviceName } = useAppConfig();
  return (
    <PageFrame title="お問い合わせ">
      <Lead>
        <p>
          {`${serviceName}に関するご質問・ご相談は、以下のフォームからお送りください。内容を確認のうえ、${bank.name}の担当者からご連絡いたします。`}
        </p>
        <p>
          {`お急ぎの場合は、${bank.contact.name}（電話：`}
          <a href={`tel:${bank.contact.tel}`}>{bank.contact.tel}</a>
          ）までお電話ください。
        </p>
      </Lead>
      <InquiryForm />
    </PageFrame>
  );
}
