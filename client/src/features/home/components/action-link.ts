import styled, { css } from 'styled-components';

const variants = {
  /** On the page surface: the bank's main colour. */
  main: css`
    color: ${({ theme }) => theme.colors.onMain};
    background: ${({ theme }) => theme.colors.main};

    &:hover {
      background: ${({ theme }) => theme.colors.mainHover};
    }
  `,
  /** The call to action: the bank's catch colour, which stands out on the main colour too. */
  catch: css`
    color: ${({ theme }) => theme.colors.onCatch};
    background: ${({ theme }) => theme.colors.catch};

    &:hover {
      background: ${({ theme }) => theme.colors.catchHover};
    }
  `,
  /** A quieter action placed on the main colour. */
  outlineOnMain: css`
    color: ${({ theme }) => theme.colors.onMain};
    background: transparent;
    border-color: ${({ theme }) => theme.colors.onMain};

    &:hover {
      background: ${({ theme }) => theme.colors.mainHover};
    }
  `,
};

export type ActionLinkVariant = keyof typeof variants;

/** A link that looks like a button: for navigation (login, inquiry), never for submitting a form. */
export const ActionLink = styled.a<{ $variant: ActionLinkVariant }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-height: 44px;
  padding: ${({ theme }) => `${theme.spacing.sm} ${theme.spacing.lg}`};
  font-weight: ${({ theme }) => theme.typography.fontWeightBold};
  line-height: 1.4;
  text-decoration: none;
  white-space: nowrap;
  border: 2px solid transparent;
  border-radius: ${({ theme }) => theme.radii.md};
  transition: background-color 0.15s ease-out;
  ${({ $variant }) => variants[$variant]}
`;
