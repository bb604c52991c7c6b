import { type ReactNode, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import styled from 'styled-components';
import { IconButton } from '../button/icon-button.ts';
import { CloseIcon } from '../icons/icons.tsx';
import { useFocusTrap } from './focus-trap.ts';

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: 1000;
  display: grid;
  place-items: center;
  padding: ${({ theme }) => theme.spacing.md};
  background: rgb(0 0 0 / 45%);
`;

const Surface = styled.div<{ $width: number }>`
  display: flex;
  flex-direction: column;
  width: min(${({ $width }) => $width}px, 100%);
  max-height: calc(100vh - 2 * ${({ theme }) => theme.spacing.md});
  overflow: hidden;
  color: ${({ theme }) => theme.colors.text};
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: 0 12px 40px rgb(0 0 0 / 25%);

  &:focus {
    outline: none;
  }
`;

const Header = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.spacing.md};
  padding: ${({ theme }) => `${theme.spacing.md} ${theme.spacing.lg}`};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const Title = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.typography.fontSizeLarge};
`;

const Body = styled.div`
  padding: ${({ theme }) => theme.spacing.lg};
  overflow-y: auto;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.spacing.sm};
  padding: ${({ theme }) => `${theme.spacing.md} ${theme.spacing.lg}`};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

export interface ModalDialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  /** The widest the dialog gets, in px (spec section 9: 500, 700, 900); narrower screens get the screen. */
  width: number;
  children: ReactNode;
  /** Buttons under the body (e.g. cancel and submit). */
  actions?: ReactNode;
}

/**
 * A modal dialog: rendered over the page into document.body, focus held inside, Escape, the close
 * button or a click outside closes it. Nothing is rendered while closed.
 */
export function ModalDialog({ open, onClose, title, width, children, actions }: ModalDialogProps) {
  const titleId = useId();
  const surfaceRef = useRef<HTMLDivElement>(null);
  useFocusTrap(surfaceRef, open, onClose);
  if (!open) return null;
  return createPortal(
    <Backdrop
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <Surface
        ref={surfaceRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        $width={width}
      >
        <Header>
          <Title id={titleId}>{title}</Title>
          <IconButton type="button" onClick={onClose} aria-label="閉じる">
            <CloseIcon />
          </IconButton>
        </Header>
        <Body>{children}</Body>
        {actions && <Actions>{actions}</Actions>}
      </Surface>
    </Backdrop>,
    document.body,
  );
}
