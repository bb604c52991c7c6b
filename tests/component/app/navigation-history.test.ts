import { describe, expect, it } from 'vitest';
import { createNavigationHistory } from '#client/app/navigation-history.ts';

/** A stand-in for the router: its subscribers hear each new location. */
function fakeRouter() {
  const listeners: Array<(state: { location: { pathname: string } }) => void> = [];
  return {
    subscribe(listener: (state: { location: { pathname: string } }) => void) {
      listeners.push(listener);
      return () => listeners.splice(listeners.indexOf(listener), 1);
    },
    go(pathname: string) {
      for (const listener of listeners) listener({ location: { pathname } });
    },
  };
}

describe('where the visitor came from (for the 401 rule)', () => {
  it('on arrival, is the referrer when it is this site', () => {
    const history = createNavigationHistory(window.location, `${window.location.origin}/login?r=/mypage`);
    expect(history.previousPath()).toBe('/login');
  });

  it('on arrival, knows nothing of another site', () => {
    const history = createNavigationHistory(window.location, 'https://idp.example/oidc/bank0182/auth');
    expect(history.previousPath()).toBeNull();
    expect(createNavigationHistory(window.location, '').previousPath()).toBeNull();
  });

  it('after that, is the route before the current one', () => {
    window.history.replaceState(null, '', '/logout');
    const history = createNavigationHistory(window.location, '');
    const router = fakeRouter();
    history.follow(router);
    router.go('/mypage/dashboard');
    expect(history.previousPath()).toBe('/logout');
    router.go('/mypage/dashboard');
    expect(history.previousPath()).toBe('/logout');
    router.go('/mypage/news');
    expect(history.previousPath()).toBe('/mypage/dashboard');
  });
});
