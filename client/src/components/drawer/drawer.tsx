import { type ReactNode, useRef } from 'react';
import { createPortal } from 'react-dom';
import styled, { css } from 'styled-components';
import { IconButton } from '../button/icon-button.ts';
import { CloseIcon } from '../icons/icons.tsx';
import { useFocusTrap } from '../dialog/focus-trap.ts';

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: 900;
  background: rgb(0 0 0 / 45%);
`;

const Panel = styled.div<{ $width: number; $side: 'left' | 'right'; $tone: DrawerTone }>`
  position: fixed;
  top: 0;
  bottom: 0;
  ${({ $side }) =>
    $side === 'left'
      ? css`
          left: 0;
        `
      : css`
          right: 0;
        `}
  z-index: 901;
  display: flex;
  flex-direction: column;
  width: min(${({ $width }) => $width}px, 100vw);
  overflow-y: auto;
  color: ${({ theme, $tone }) => ($tone === 'menu' ? theme.colors.onMenu : theme.colors.text)};
  background: ${({ theme, $tone }) => ($tone === 'menu' ? theme.colors.menu : theme.colors.surface)};
  box-shadow: 0 0 24px rgb(0 0 0 / 30%);

  &:focus {
    outline: none;
  }
`;

const Top = styled.div`
  display: flex;
  justify-content: flex-end;
  padding: ${({ theme }) => theme.spacing.xs};
`;

/** `menu`: the navigation's colours; `surface`: the page's. */
export type DrawerTone = 'menu' | 'surface';

export interface DrawerProps {
  open: boolean;
  onClose: () => void;
  /** The accessible name of the drawer (e.g. メニュー). */
  label: string;
  /** Width in px (spec section 9: 285 for the admin drawer; main + sub columns for the tablet menu). */
  width: number;
  side?: 'left' | 'right';
  tone?: DrawerTone;
  id?: string;
  children: ReactNode;
}

/**
 * A modal side panel over the page: focus held inside, Escape, the close button or a click on the
 * dimmed page closes it. Nothing is rendered while closed.
 */
export function Drawer({
  open,
  onClose,
  label,
  width,
  side = 'left',
  tone = 'surface',
  id,
  children,
}: DrawerProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  useFocusTrap(panelRef, open, onClose);
  if (!open) return null;
  return createPortal(
    <>
      <Backdrop onMouseDown={onClose} data-testid="drawer-backdrop" />
      <Panel
        ref={panelRef}
        id={id}
        role="dialog"
        aria-modal="true"
        aria-label={label}
        tabIndex={-1}
        $width={width}
        $side={side}
        $tone={tone}
      >
        <Top>
          <IconButton type="button" onClick={onClose} aria-label="閉じる">
            <CloseIcon />
          </IconButton>
        </Top>
        {children}
      </Panel>
    </>,
    document.body,
  );
}
