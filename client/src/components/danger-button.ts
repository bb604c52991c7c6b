// Not in components/button/: that folder is in every page's first scripts (the shell chunk), this is
// used by a few staff pages only.
import styled from 'styled-components';
import { Button } from './button/button.tsx';

/** A button for what cannot be undone (却下する, 退会予約): the danger colour. */
export const DangerButton = styled(Button)`
  color: ${({ theme }) => theme.colors.onDanger};
  background: ${({ theme }) => theme.colors.danger};
  border-color: ${({ theme }) => theme.colors.danger};

  &:hover:not(:disabled) {
    background: ${({ theme }) => theme.colors.danger};
    filter: brightness(0.9);
  }
`;
