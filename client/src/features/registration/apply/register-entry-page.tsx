import { Link } from '#client/lib/router/index.ts';
import styled from 'styled-components';
import {
  REGISTRATION_STEP_TITLES,
  type RegistrationVariantCode,
} from '#server/contracts/registration-variants.ts';
import { PageFrame } from '#client/components/page-frame.tsx';
import { agreementPathOf, entryPageOf, progressPageOf } from './application-paths.ts';
import { useOfferedVariant } from './offered-variants.ts';

const Steps = styled.ol`
  display: grid;
  gap: ${({ theme }) => theme.spacing.xs};
  margin: 0;
  padding-left: 1.5em;
`;

const Body = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.spacing.md};

  p {
    margin: 0;
  }
`;

const Start = styled(Link)`
  justify-self: center;
  padding: ${({ theme }) => `${theme.spacing.sm} ${theme.spacing.xl}`};
  font-weight: ${({ theme }) => theme.typography.fontWeightBold};
  color: ${({ theme }) => theme.colors.onMain};
  background: ${({ theme }) => theme.colors.main};
  border-radius: ${({ theme }) => theme.radii.md};
  text-decoration: none;
`;

/** The other audience's entry page (every variant with entry pages has both). */
function entryPath(code: RegistrationVariantCode, audience: 'owner' | 'employee'): string {
  const page = entryPageOf(code, audience);
  if (!page) throw new Error(`the variant ${code} has no entry pages`);
  return page.path;
}

/**
 * The start of an application for the company's representative or administrator (as_owner,
 * index_as_owner): what the application asks, step by step, and the way in. A variant the bank does
 * not offer is the 404 page.
 */
export function RegisterOwnerEntryPage({ code }: { code: RegistrationVariantCode }) {
  const variant = useOfferedVariant(code);
  const progressPage = progressPageOf(code);
  return (
    <PageFrame title={`${variant.title}（代表者・管理者の方）`}>
      <Body>
        <p>
          企業の代表者または管理者の方が、企業としてお申し込みください。お申し込みの流れは次のとおりです。
        </p>
        <Steps>
          <li>利用規約・反社会的勢力でないことの確認への同意</li>
          {variant.steps.map((step) => (
            <li key={step}>{`${REGISTRATION_STEP_TITLES[step]}の入力`}</li>
          ))}
          <li>入力内容の確認と送信</li>
          <li>当行での審査の後、ログイン方法をメールでお知らせします</li>
        </Steps>
        <p>入力の途中で保存し、24時間以内であれば続きから入力できます。</p>
        <Start to={agreementPathOf(code)}>お申し込みを始める</Start>
        <p>
          従業員の方は<Link to={entryPath(code, 'employee')}>こちら</Link>をご覧ください。
          {progressPage && (
            <>
              お申し込み済みの方は、<Link to={progressPage.path}>申込状況の確認</Link>ができます。
            </>
          )}
        </p>
      </Body>
    </PageFrame>
  );
}

/**
 * For an employee (as_employee, index_as_employee): employees do not apply; the company's
 * administrator invites them by mail, and they register from the mail's link.
 */
export function RegisterEmployeeEntryPage({ code }: { code: RegistrationVariantCode }) {
  const variant = useOfferedVariant(code);
  return (
    <PageFrame title={`${variant.title}（従業員の方）`}>
      <Body>
        <p>
          従業員の方のご登録は、企業の管理者（オーナー）の方からお送りする招待メールから行います。メールに記載のURLを開き、お名前とパスワードを登録してください。
        </p>
        <p>
          招待メールが届かない場合は、企業の管理者の方に招待を依頼してください。招待の有効期限は7日間です。
        </p>
        <p>
          企業としてまだお申し込みでない場合は、管理者の方が
          <Link to={entryPath(code, 'owner')}>こちら</Link>からお申し込みください。
        </p>
      </Body>
    </PageFrame>
  );
}
