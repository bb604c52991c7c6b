import styled from 'styled-components';

/** A form's submit row: the button centred, full width on phones, at least 240 px elsewhere. */
export const FormActions = styled.div`
  display: flex;
  justify-content: center;
  padding-top: ${({ theme }) => theme.spacing.lg};

  & > button {
    width: 100%;

    ${({ theme }) => theme.media.tabletUp} {
      width: auto;
      min-width: 240px;
    }
  }
`;

/**
 * A form's row of several buttons (back to the list, save, delete): side by side and centred, each
 * the full width on phones, at least 200 px elsewhere.
 */
export const FormButtonRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.md};
  justify-content: center;
  padding-top: ${({ theme }) => theme.spacing.lg};

  & > * {
    flex: 1 1 200px;

    ${({ theme }) => theme.media.tabletUp} {
      flex: 0 0 auto;
      min-width: 200px;
    }
  }
`;
