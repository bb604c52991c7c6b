// Matchers that say what a user would notice (toBeInTheDocument, toBeVisible, toHaveTextContent, …).
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// A page's first render loads its lazy chunks; on a CI machine running the api files beside this
// project that can take over the library's default second, so findBy… and waitFor wait up to 5 s
// (they still return as soon as the element is there).
configure({ asyncUtilTimeout: 5000 });

// Each test starts from an empty document.
afterEach(() => {
  cleanup();
});
