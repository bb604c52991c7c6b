import styled, { createGlobalStyle } from 'styled-components';
import { Spinner } from '../components/feedback/spinner.ts';
import { VisuallyHidden } from '../components/visually-hidden.ts';
import { usePageLocation } from '../lib/page-location.ts';

const LOADING_TEXT = '読み込み中';

const Area = styled.div`
  display: grid;
  place-items: center;
  min-height: 100vh;
`;

/**
 * The `loading` layout: the bank-themed spinner screen shown while start-up runs (server info,
 * config, user, master data) and while the first page's code loads.
 */
export function LoadingLayout() {
  return (
    <Area role="status">
      <Spinner aria-hidden="true" />
      <VisuallyHidden>{LOADING_TEXT}</VisuallyHidden>
    </Area>
  );
}

// The safe layout renders before (or without) any bank config, so no theme exists: its colours are
// neutral constants on purpose (near-black on white, AA contrast), not theme tokens.
const NEUTRAL = { text: '#1f2933', surface: '#ffffff', track: '#d9dee3', focus: '#1769c2' } as const;

const SafeGlobalStyle = createGlobalStyle`
  body {
    margin: 0;
  }
`;

const SafeScreen = styled.main`
  display: grid;
  place-content: center;
  justify-items: center;
  gap: 16px;
  min-height: 100vh;
  margin: 0;
  padding: 24px;
  font-family: sans-serif;
  color: ${NEUTRAL.text};
  background: ${NEUTRAL.surface};
  text-align: center;
`;

const Status = styled.p`
  margin: 0;
  font-size: 48px;
  font-weight: 700;
  line-height: 1;
`;

const Message = styled.h1`
  margin: 0;
  font-size: 20px;
`;

const ReloadButton = styled.button`
  padding: 8px 24px;
  font: inherit;
  color: ${NEUTRAL.surface};
  background: ${NEUTRAL.text};
  border: 0;
  border-radius: 6px;
  cursor: pointer;

  &:focus-visible {
    outline: 3px solid ${NEUTRAL.focus};
    outline-offset: 2px;
  }
`;

export interface LoadingSafeLayoutProps {
  /** A status to show large above the message (e.g. 401). */
  status?: number;
  /** Why the app cannot start; without one the screen is a plain spinner. */
  message?: string;
}

/**
 * The `loadingsafe` layout: renders without any config or theme. A spinner while start-up runs on a
 * page that carried no usable config; the status and message (with a reload button) when start-up
 * failed, e.g. 401 設定ファイルが読み込めませんでした.
 */
export function LoadingSafeLayout({ status, message }: LoadingSafeLayoutProps) {
  const location = usePageLocation();
  if (message === undefined) {
    return (
      <SafeScreen role="status">
        <SafeGlobalStyle />
        <Spinner aria-hidden="true" $trackColor={NEUTRAL.track} $headColor={NEUTRAL.text} />
        <VisuallyHidden>{LOADING_TEXT}</VisuallyHidden>
      </SafeScreen>
    );
  }
  return (
    <SafeScreen>
      <SafeGlobalStyle />
      {status !== undefined && <Status>{status}</Status>}
      <Message>{message}</Message>
      <ReloadButton type="button" onClick={() => location.reload()}>
        再読み込み
      </ReloadButton>
    </SafeScreen>
  );
}
