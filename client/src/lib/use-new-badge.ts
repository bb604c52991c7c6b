import { useEffect, useState } from 'react';
import { isNewBadgeVisible, type NewBadgeFeature, newBadgeStorageKey } from '#server/contracts/new-badge.ts';
import { useAppConfig } from './app-config-context.tsx';
import { readStorage, writeStorage } from './browser-storage.ts';

function storedFirstShown(feature: NewBadgeFeature): Date | undefined {
  const stored = readStorage('localStorage', newBadgeStorageKey(feature));
  return stored === null ? undefined : new Date(stored);
}

/**
 * Whether the 'new' badge of a feature shows (spec section 4): from the first time it is shown —
 * that moment is stored in local storage — until the bank's configured period for the feature
 * (app config new_badge_periods) has lapsed. A bank without a period for the feature shows none.
 * When storage is unavailable the badge shows on every visit, and browser-storage reports the failure.
 */
export function useNewBadge(feature: NewBadgeFeature): boolean {
  const period = useAppConfig().new_badge_periods[feature];
  const [firstShown] = useState(() => storedFirstShown(feature));
  const [currentTime] = useState(() => new Date());
  const visible = period !== undefined && isNewBadgeVisible(firstShown, period, currentTime);
  const neverShown = firstShown === undefined || Number.isNaN(firstShown.getTime());

  useEffect(() => {
    // Stored once the badge has really been on screen, not when a period was merely looked up.
    if (visible && neverShown)
      writeStorage('localStorage', newBadgeStorageKey(feature), currentTime.toISOString());
  }, [feature, visible, neverShown, currentTime]);

  return visible;
}
