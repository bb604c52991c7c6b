import styled from 'styled-components';
import { Button } from '#client/components/button/button.tsx';

/** A button for what cannot be undone (却下する): the danger colour. */
export const DangerButton = styled(Button)`
  color: ${({ theme }) => theme.colors.onDanger};
  background: ${({ theme }) => theme.colors.danger};
  border-color: ${({ theme }) => theme.colors.danger};

  &:hover:not(:disabled) {
    background: ${({ theme }) => theme.colors.danger};
    filter: brightness(0.9);
  }
`;
