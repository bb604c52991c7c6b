import styled from 'styled-components';

/**
 * What a page has to say in place of its content (a link that no longer works, a draft that is
 * gone, a request sent): paragraphs in a bordered box, red-bordered and red-lettered for a refusal.
 * Give it role="alert" or role="status" so it is read out as it appears.
 */
export const Notice = styled.div<{ $tone?: 'info' | 'error' }>`
  display: grid;
  gap: ${({ theme }) => theme.spacing.sm};
  padding: ${({ theme }) => theme.spacing.md};
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid
    ${({ theme, $tone = 'error' }) => ($tone === 'error' ? theme.colors.danger : theme.colors.border)};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  color: ${({ theme, $tone = 'error' }) => ($tone === 'error' ? theme.colors.danger : theme.colors.text)};

  p {
    margin: 0;
  }
`;
