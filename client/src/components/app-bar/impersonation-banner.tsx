import styled from 'styled-components';
import { readStorage, writeStorage } from '../../lib/browser-storage.ts';

/** Local-storage markers of spec section 3: set while a bank user acts as another user, and on the way back. */
export const USER_SWITCH_FROM_KEY = 'user_switch_from';
export const USER_SWITCH_BACK_KEY = 'user_switch_back';

const Banner = styled.a`
  display: block;
  padding: ${({ theme }) => `${theme.spacing.sm} ${theme.spacing.md}`};
  font-weight: ${({ theme }) => theme.typography.fontWeightBold};
  color: ${({ theme }) => theme.colors.onDanger};
  text-align: center;
  text-decoration: none;
  background: ${({ theme }) => theme.colors.danger};

  &:hover {
    text-decoration: underline;
  }
`;

/**
 * The red banner shown while impersonating another user (spec section 4: switch mode is on while the
 * switch-from marker exists). Pressing it leaves the switch-back marker and goes to /login, where the
 * login flow returns to the original user. A full page load, because /login starts the server's
 * sign-in flow.
 */
export function ImpersonationBanner() {
  const switchedFrom = readStorage('localStorage', USER_SWITCH_FROM_KEY);
  if (switchedFrom === null) return null;
  return (
    <Banner href="/login" onClick={() => writeStorage('localStorage', USER_SWITCH_BACK_KEY, switchedFrom)}>
      他のユーザーに切り替えてログインしています。ここを押すと元のユーザーに戻ります
    </Banner>
  );
}
