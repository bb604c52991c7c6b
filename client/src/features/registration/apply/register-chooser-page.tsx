import { Link } from '#client/lib/router/index.ts';
import styled from 'styled-components';
import {
  REGISTRATION_STEP_TITLES,
  type RegistrationVariantCode,
} from '#server/contracts/registration-variants.ts';
import { PageFrame } from '#client/components/page-frame.tsx';
import { useAppConfig } from '#client/lib/app-config-context.tsx';
import { agreementPathOf, entryPageOf } from './application-paths.ts';
import { useOfferedVariants } from './offered-variants.ts';

const Choices = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.spacing.md};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Choice = styled.li`
  display: grid;
  gap: ${({ theme }) => theme.spacing.xs};
  padding: ${({ theme }) => theme.spacing.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};

  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.typography.fontSizeLarge};
  }

  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

/** Where an application starts: its entry page for owners where it has one, else the agreement. */
function startPathOf(code: RegistrationVariantCode): string {
  return entryPageOf(code, 'owner')?.path ?? agreementPathOf(code);
}

/** /register: which application the visitor makes, among those the bank offers. */
export function RegisterChooserPage() {
  const variants = useOfferedVariants();
  const { bank } = useAppConfig();
  return (
    <PageFrame title="新規登録">
      {variants.length === 0 ? (
        <p>{`${bank.name}では、現在オンラインでのお申し込みを受け付けていません。お取引店にお問い合わせください。`}</p>
      ) : (
        <>
          <p>
            お申し込みの種類を選んでください。お申し込みの後、当行で内容を確認し、ログイン方法をメールでお知らせします。
          </p>
          <Choices>
            {variants.map((variant) => (
              <Choice key={variant.code}>
                <h2>
                  <Link to={startPathOf(variant.code)}>{variant.title}</Link>
                </h2>
                <p>{`ご入力いただく内容: ${variant.steps.map((step) => REGISTRATION_STEP_TITLES[step]).join('・')}`}</p>
              </Choice>
            ))}
          </Choices>
        </>
      )}
    </PageFrame>
  );
}
