import type { PortalServiceIcon } from '../portal-services.ts';

// 24×24 line drawings, stroked in the current text colour.
const ICON_PATHS: Record<PortalServiceIcon, string> = {
  news: 'M4 5h12v14H6a2 2 0 0 1-2-2zM16 9h4v8a2 2 0 0 1-2 2M7 9h6M7 13h6M7 16h4',
  seminar: 'M3 4h18M5 4v10h14V4M12 14v3M8 21l4-4 4 4M8 10l3-3 2 2 3-3',
  matching: 'M9 7a5 5 0 1 0 0 10a5 5 0 1 0 0-10zM15 7a5 5 0 1 0 0 10a5 5 0 1 0 0-10z',
  bankChat: 'M4 5h16v11H10l-6 4zM8 9h8M8 12h5',
  businessChat: 'M3 4h12v8H7l-4 3zM9 15v1h8l4 3V8h-3',
  benefits: 'M4 11h16v9H4zM3 7h18v4H3zM12 7v13M12 7C10 3 6 3 7 6M12 7c2-4 6-4 5-1',
  subsidy: 'M6 3h9l4 4v14H6zM15 3v4h4M9 11l3 3 3-3M12 14v4M9.5 16h5',
  succession:
    'M7 8a2.5 2.5 0 1 0 0-5a2.5 2.5 0 1 0 0 5zM4 14a3 3 0 0 1 6 0M17 15a2.5 2.5 0 1 0 0-5a2.5 2.5 0 1 0 0 5zM14 21a3 3 0 0 1 6 0M10 18h3M11 16l2 2-2 2',
  invoice: 'M6 3h12v18l-3-2-3 2-3-2-3 2zM9 8h6M9 12h6M9 16h3',
  crowdfunding:
    'M8 11a3 3 0 1 0 0-6a3 3 0 1 0 0 6zM16 11a3 3 0 1 0 0-6a3 3 0 1 0 0 6zM3 20a5 5 0 0 1 10 0M11 20a5 5 0 0 1 10 0',
  forum: 'M4 4h16v12h-9l-5 4v-4H4zM10 8.5a2 2 0 1 1 2.5 2c-.4.2-.5.5-.5.9M12 13.5v.01',
};

/** A decorative picture of a portal service; its title says what it is. */
export function ServiceIcon({ icon }: { icon: PortalServiceIcon }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="28"
      height="28"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.75"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={ICON_PATHS[icon]} />
    </svg>
  );
}
