import styled from 'styled-components';

export const Form = styled.form`
  display: grid;
`;

export const Lead = styled.p`
  margin: 0 0 ${({ theme }) => theme.spacing.md};
`;

/** What the page has to say (sent, the link no longer works): read out as it appears. */
export const Notice = styled.div<{ $tone: 'info' | 'error' }>`
  display: grid;
  gap: ${({ theme }) => theme.spacing.sm};
  padding: ${({ theme }) => theme.spacing.md};
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme, $tone }) => ($tone === 'error' ? theme.colors.danger : theme.colors.border)};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  color: ${({ theme, $tone }) => ($tone === 'error' ? theme.colors.danger : theme.colors.text)};

  p {
    margin: 0;
  }
`;
