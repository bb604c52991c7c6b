import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useDeviceClass, useIsMobile, useWindowWidth } from '#client/lib/window-width.ts';
import { resizeTo, setWindowWidth } from '../fixtures/render-layout.tsx';

function DeviceProbe() {
  const device = useDeviceClass();
  const mobile = useIsMobile();
  const width = useWindowWidth();
  return <output>{`${width} ${device} ${mobile ? 'mobile' : 'wide'}`}</output>;
}

describe('device class from the window width, kept current on resize', () => {
  it.each([
    [1280, 'pc wide'],
    [1025, 'pc wide'],
    [1024, 'tablet wide'],
    [800, 'tablet wide'],
    [600, 'tablet wide'],
    [599, 'tablet mobile'],
    [481, 'tablet mobile'],
    [480, 'sp mobile'],
    [375, 'sp mobile'],
  ])('at %i px: %s', (width, expected) => {
    setWindowWidth(1280);
    render(<DeviceProbe />);
    resizeTo(width);
    expect(screen.getByRole('status').textContent).toBe(`${width} ${expected}`);
  });
});
