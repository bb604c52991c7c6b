import styled from 'styled-components';
import { readStorage, writeStorage } from '#client/lib/browser-storage.ts';

/** Local-storage markers of spec section 3: set while a bank user acts as another user, and on the way back. */
export const USER_SWITCH_FROM_KEY = 'user_switch_from';
export const USER_SWITCH_BACK_KEY = 'user_switch_back';

/**
 * /login?switch_back=1 (LOGIN_PATH and SWITCH_BACK_PARAM of server/contracts/identity.ts): the
 * gateway's page that posts the switch back, which ends the impersonation and logs the admin back
 * in. Written out, because identity.ts carries the menus into a public page's first visit (the
 * 150 kB budget); a component test holds the two equal.
 */
export const SWITCH_BACK_URL = '/login?switch_back=1';

/** Who the admin was before switching, or null when not switched (switch mode is on while it exists). */
export function switchedFrom(): string | null {
  return readStorage('localStorage', USER_SWITCH_FROM_KEY);
}

/** Switch mode on: the admin `from` now acts as another user. */
export function markSwitchedFrom(from: string): void {
  writeStorage('localStorage', USER_SWITCH_FROM_KEY, from);
  writeStorage('localStorage', USER_SWITCH_BACK_KEY, null);
}

/** Switch mode off, on the way back: the switch-back marker names the admin returning. */
export function markSwitchingBack(from: string): void {
  writeStorage('localStorage', USER_SWITCH_BACK_KEY, from);
  writeStorage('localStorage', USER_SWITCH_FROM_KEY, null);
}

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
 * switch-from marker exists). Pressing it trades the switch-from marker for the switch-back marker
 * and goes to /login?switch_back=1, where the gateway returns to the original user. A full page
 * load, because /login is the gateway's.
 */
export function ImpersonationBanner() {
  const from = switchedFrom();
  if (from === null) return null;
  return (
    <Banner href={SWITCH_BACK_URL} onClick={() => markSwitchingBack(from)}>
      他のユーザーに切り替えてログインしています。ここを押すと元のユーザーに戻ります
    </Banner>
  );
}
