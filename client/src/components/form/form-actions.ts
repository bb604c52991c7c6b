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
