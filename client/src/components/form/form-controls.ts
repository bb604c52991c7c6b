import styled, { css } from 'styled-components';

/**
 * The look of a form's text inputs, selects and text areas, on every form of the portal: 44 px
 * high (a touch target), the theme's colours, and the invalid state (aria-invalid) in danger.
 */
export const controlStyle = css`
  width: 100%;
  min-height: 44px;
  padding: ${({ theme }) => `${theme.spacing.sm} ${theme.spacing.sm}`};
  font: inherit;
  color: ${({ theme }) => theme.colors.text};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.sm};

  &[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.colors.danger};
    box-shadow: 0 0 0 1px ${({ theme }) => theme.colors.danger};
  }
`;

export const TextInput = styled.input`
  ${controlStyle}
`;

export const Select = styled.select`
  ${controlStyle}
`;

export const TextArea = styled.textarea`
  ${controlStyle}
  min-height: 12em;
  resize: vertical;
`;

/** A checkbox or a radio with its label beside it, the whole row a 44 px target. */
export const ChoiceLabel = styled.label`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.sm};
  min-height: 44px;

  input {
    width: 20px;
    height: 20px;
    margin: 0;
    accent-color: ${({ theme }) => theme.colors.main};
  }
`;
