import styled, { css } from 'styled-components';
import {
  REGISTRATION_STEP_TITLES,
  type RegistrationStepKey,
} from '#server/contracts/registration-variants.ts';

export type ApplicationStep = RegistrationStepKey | 'confirm';

const Steps = styled.ol`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.xs};
  margin: 0 0 ${({ theme }) => theme.spacing.lg};
  padding: 0;
  list-style: none;
  counter-reset: step;
`;

const Step = styled.li<{ $state: 'done' | 'current' | 'ahead' }>`
  counter-increment: step;
  padding: ${({ theme }) => `${theme.spacing.xs} ${theme.spacing.sm}`};
  font-size: ${({ theme }) => theme.typography.fontSizeSmall};
  border-radius: ${({ theme }) => theme.radii.sm};
  border: 1px solid ${({ theme }) => theme.colors.border};

  &::before {
    content: counter(step) '. ';
  }

  ${({ theme, $state }) =>
    $state === 'current'
      ? css`
          color: ${theme.colors.onMain};
          background: ${theme.colors.main};
          border-color: ${theme.colors.main};
          font-weight: ${theme.typography.fontWeightBold};
        `
      : $state === 'done'
        ? css`
            background: ${theme.colors.surfaceMuted};
          `
        : css`
            color: ${theme.colors.textMuted};
          `}
`;

/** Where the applicant is: the variant's steps, then 入力内容の確認. */
export function ApplicationSteps({
  steps,
  current,
}: {
  steps: readonly RegistrationStepKey[];
  current: ApplicationStep;
}) {
  const all: ApplicationStep[] = [...steps, 'confirm'];
  const at = all.indexOf(current);
  return (
    <Steps aria-label="お申し込みの手順">
      {all.map((step, index) => (
        <Step
          key={step}
          $state={index < at ? 'done' : index === at ? 'current' : 'ahead'}
          aria-current={index === at ? 'step' : undefined}
        >
          {step === 'confirm' ? '入力内容の確認' : REGISTRATION_STEP_TITLES[step]}
        </Step>
      ))}
    </Steps>
  );
}
