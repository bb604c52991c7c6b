import { useCallback, useState } from 'react';
import { readStorage, writeStorage } from '#client/lib/browser-storage.ts';

/**
 * A yes/no choice kept in local storage under `key` (a menu group left open, a notice dismissed for
 * good). Starts from the stored value, or `initial` when nothing readable is stored; when storage is
 * unavailable the choice lasts for this page only (browser-storage reports the failure).
 */
export function useStoredFlag(key: string, initial: boolean): [boolean, (value: boolean) => void] {
  const [value, setValue] = useState(() => {
    const stored = readStorage('localStorage', key);
    return stored === null ? initial : stored === 'true';
  });
  const update = useCallback(
    (next: boolean) => {
      setValue(next);
      writeStorage('localStorage', key, String(next));
    },
    [key],
  );
  return [value, update];
}
