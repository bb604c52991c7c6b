import { useSyncExternalStore } from 'react';
import { type DeviceClass, deviceClassOf, isMobileWidth } from '#server/contracts/device.ts';

function subscribeToResize(onChange: () => void) {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

/**
 * Follows a value derived from the window's width. The snapshot is the derived value, not the width,
 * so a component re-renders only when that value changes, not on every resized pixel.
 */
function useWidthDerived<T extends string | number | boolean>(derive: (width: number) => T): T {
  return useSyncExternalStore(subscribeToResize, () => derive(window.innerWidth));
}

/** The window's width in px, kept current while the window is resized. */
export function useWindowWidth(): number {
  return useWidthDerived((width) => width);
}

/** pc above 1024 px, tablet 481–1024, sp up to 480 (spec section 4), kept current on resize. */
export function useDeviceClass(): DeviceClass {
  return useWidthDerived(deviceClassOf);
}

/** Spec section 4's mobile flag (under 600 px), kept current on resize. */
export function useIsMobile(): boolean {
  return useWidthDerived(isMobileWidth);
}

/** True while the window is at most `maxWidth` px wide, kept current on resize. */
export function useWidthAtMost(maxWidth: number): boolean {
  return useWidthDerived((width) => width <= maxWidth);
}
