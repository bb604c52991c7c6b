import styled, { css } from 'styled-components';

/** A text button: `main` for the one action a dialog or form is for, `plain` for the others. */
export const Button = styled.button<{ $variant?: 'main' | 'plain' }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.spacing.xs};
  min-height: 44px;
  padding: ${({ theme }) => `${theme.spacing.sm} ${theme.spacing.lg}`};
  font: inherit;
  font-weight: ${({ theme }) => theme.typography.fontWeightBold};
  border-radius: ${({ theme }) => theme.radii.md};
  cursor: pointer;

  &:disabled {
    cursor: not-allowed;
    opacity: 0.6;
  }

  ${({ theme, $variant = 'plain' }) =>
    $variant === 'main'
      ? css`
          color: ${theme.colors.onMain};
          background: ${theme.colors.main};
          border: 1px solid ${theme.colors.main};

          &:hover:not(:disabled) {
            background: ${theme.colors.mainHover};
          }
        `
      : css`
          color: ${theme.colors.text};
          background: ${theme.colors.surface};
          border: 1px solid ${theme.colors.border};

          &:hover:not(:disabled) {
            background: ${theme.colors.surfaceMuted};
          }
        `}
`;

/**
 * A link drawn as a button (新規登録, 一覧に戻る, CSV ダウンロード): render it `as={Link}` or `as="a"`.
 * The underline a link would have is left off, as on the buttons beside it.
 */
export const ButtonLink = styled(Button)`
  text-decoration: none;
`;
