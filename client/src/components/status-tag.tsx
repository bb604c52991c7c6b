import styled, { css } from 'styled-components';

/** How a status reads at a glance: done well, needs acting on, over and quiet, or waiting. */
export type StatusTone = 'success' | 'danger' | 'muted' | 'plain';

/**
 * A record's status as a small tag (an application's 承認済み, a company's 退会予約中), in the theme's
 * colours for its tone. The words are the caller's, from the status's master.
 */
export const StatusTag = styled.span<{ $tone: StatusTone }>`
  display: inline-block;
  padding: 0 ${({ theme }) => theme.spacing.xs};
  font-size: ${({ theme }) => theme.typography.fontSizeSmall};
  font-weight: ${({ theme }) => theme.typography.fontWeightBold};
  white-space: nowrap;
  border: 1px solid;
  border-radius: ${({ theme }) => theme.radii.sm};
  ${({ theme, $tone }) => {
    switch ($tone) {
      case 'success':
        return css`
          color: ${theme.colors.onSuccess};
          background: ${theme.colors.success};
          border-color: ${theme.colors.success};
        `;
      case 'danger':
        return css`
          color: ${theme.colors.onDanger};
          background: ${theme.colors.danger};
          border-color: ${theme.colors.danger};
        `;
      case 'muted':
        return css`
          color: ${theme.colors.textMuted};
          background: ${theme.colors.surfaceMuted};
          border-color: ${theme.colors.border};
        `;
      case 'plain':
        return css`
          color: ${theme.colors.text};
          background: ${theme.colors.surfaceMuted};
          border-color: ${theme.colors.border};
        `;
    }
  }}
`;
