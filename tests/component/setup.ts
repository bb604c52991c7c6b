// Matchers that say what a user would notice (toBeInTheDocument, toBeVisible, toHaveTextContent, …).
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Each test starts from an empty document.
afterEach(() => {
  cleanup();
});
