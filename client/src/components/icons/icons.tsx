import type { SVGProps } from 'react';

// Outline glyphs on a 24-unit grid, drawn with the current text colour. Paths are original line
// drawings kept small on purpose: the shell must stay within its JavaScript budget.
const GLYPHS = {
  home: 'M3 11.5 12 4l9 7.5M5.5 9.5V20h4.5v-6h4v6h4.5V9.5',
  matching:
    'M8 7a3 3 0 1 0 0 .01M16 7a3 3 0 1 0 0 .01M2.5 19c.6-3.4 2.8-5 5.5-5s4.9 1.6 5.5 5M11 15.2c1.1-.8 2.8-1.2 5-1.2 2.7 0 4.9 1.6 5.5 5',
  benefits: 'M4 10h16v10H4zM3 7h18v3H3zM12 7v13M12 7S10.5 3 8 3.8 8.6 7 12 7zm0 0s1.5-4 4-3.2S15.4 7 12 7z',
  innovation:
    'M9 18h6M10 21h4M12 3a6 6 0 0 0-3.6 10.8c.7.6 1.1 1.4 1.1 2.2h5c0-.8.4-1.6 1.1-2.2A6 6 0 0 0 12 3z',
  crowdfunding:
    'M12 20s-7-4.4-7-9.5A4 4 0 0 1 12 8a4 4 0 0 1 7 2.5C19 15.6 12 20 12 20zM12 3v2M6 4.5l1 1.7M18 4.5l-1 1.7',
  invoice: 'M6 3h9l4 4v14H6zM15 3v4h4M9 11h7M9 14.5h7M9 18h4',
  attendance: 'M12 3a9 9 0 1 0 0 18 9 9 0 1 0 0-18zM12 7v5l3.5 2',
  succession: 'M4 17h6l3-3M20 7h-6l-3 3M7 14l-3 3 3 3M17 4l3 3-3 3',
  bank: 'M3 9.5 12 4l9 5.5M5 10v8M9.5 10v8M14.5 10v8M19 10v8M3 20.5h18',
  settings:
    'M12 9a3 3 0 1 0 0 6 3 3 0 1 0 0-6zM19.4 13.5l1.6 1.2-2 3.4-1.9-.7a7.5 7.5 0 0 1-2.1 1.2L14.7 21h-3.9l-.3-2.4a7.5 7.5 0 0 1-2.1-1.2l-1.9.7-2-3.4 1.6-1.2a7.6 7.6 0 0 1 0-2.5L4.5 9.8l2-3.4 1.9.7a7.5 7.5 0 0 1 2.1-1.2L10.8 3h3.9l.3 2.4a7.5 7.5 0 0 1 2.1 1.2l1.9-.7 2 3.4-1.6 1.2a7.6 7.6 0 0 1 0 2.5z',
  chat: 'M4 5h16v11H9l-5 4z',
  services: 'M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM14 14h6v6h-6z',
  menu: 'M4 6h16M4 12h16M4 18h16',
  close: 'M6 6l12 12M18 6 6 18',
  help: 'M12 3a9 9 0 1 0 0 18 9 9 0 1 0 0-18zM9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6v.6M12 17h.01',
  logout: 'M10 4H5v16h5M15 8l4 4-4 4M9 12h10',
  manual:
    'M4 5.5C6.5 4.5 9.5 4.5 12 6c2.5-1.5 5.5-1.5 8-.5V19c-2.5-1-5.5-1-8 .5-2.5-1.5-5.5-1.5-8-.5zM12 6v13.5',
  chevronDown: 'M6 9l6 6 6-6',
  user: 'M12 4a4 4 0 1 0 0 8 4 4 0 1 0 0-8zM4 20c.8-3.5 4-5.5 8-5.5s7.2 2 8 5.5',
  news: 'M4 5h13v14H6a2 2 0 0 1-2-2zM17 9h3v8a2 2 0 0 1-2 2M7 9h7M7 12.5h7M7 16h4',
} as const;

export type IconName = keyof typeof GLYPHS;

type IconProps = Omit<SVGProps<SVGSVGElement>, 'name'> & { name: IconName; size?: number };

/** A decorative outline icon; the control it sits in carries the accessible name. */
export function Icon({ name, size = 24, ...rest }: IconProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      <path d={GLYPHS[name]} />
    </svg>
  );
}

export function CloseIcon() {
  return <Icon name="close" />;
}
