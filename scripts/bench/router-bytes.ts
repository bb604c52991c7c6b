import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

/**
 * Issue 29 item 5: what the app's own router (client/src/lib/router/) costs on a first visit beside
 * React Router 8's data router. The same tiny app (a layout with links, a page with params and a
 * loader, a lazy page, a 404) is built with Vite's build API three times in a temp folder: with React
 * alone, with react-router and with the own router. Each build's first-load JavaScript (the entry and
 * what it imports statically, not the lazy page) is counted gzip -9 per file, as
 * tests/e2e/script-budget.test.ts counts it. The budget: the own router adds at most a fifth of what
 * React Router adds over React alone (measured at the router's first version: 4.8 kB against 30.1 kB,
 * 0.16; the proposal had estimated 2–3 kB).
 */
export const ROUTER_BYTES_BUDGET = 0.2;

export interface RouterBuildSize {
  label: string;
  /** Gzipped bytes of first-load JavaScript. */
  bytes: number;
  files: number;
}

export interface RouterBytesResult {
  reactAlone: RouterBuildSize;
  reactRouter: RouterBuildSize;
  ownRouter: RouterBuildSize;
  /** The own router's bytes over React alone, divided by React Router's over React alone. */
  ratio: number;
  budget: number;
  passed: boolean;
  viteVersion: string;
}

// The same page without a router: its lazy page through React.lazy, so Vite's preload helper counts
// on both sides and the difference is the router's.
const REACT_ALONE_APP = `
import { lazy, Suspense } from 'react';
import { createRoot } from 'react-dom/client';

const HelpPage = lazy(async () => ({ default: (await import('./help-page.tsx')).HelpPage }));

function App() {
  return (
    <main>
      <nav><a href="/">トップ</a> <a href="/news/1">お知らせ</a> <a href="/help">ヘルプ</a></nav>
      {location.pathname === '/help' ? <Suspense fallback={null}><HelpPage /></Suspense> : <p>トップ</p>}
    </main>
  );
}

createRoot(document.getElementById('root')!).render(<App />);
`;

/** The tiny app, the same for both routers: only the two imports differ. */
function routedApp(routerModule: string, providerModule: string): string {
  return `
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, Link, Outlet, useLoaderData, useParams, type LoaderFunctionArgs } from '${routerModule}';
import { RouterProvider } from '${providerModule}';

function Layout() {
  return (
    <main>
      <nav><Link to="/">トップ</Link> <Link to="/news/1">お知らせ</Link> <Link to="/help">ヘルプ</Link></nav>
      <Outlet />
    </main>
  );
}

function NewsPage() {
  const { id } = useParams();
  const news = useLoaderData<typeof newsLoader>();
  return <p>{id}: {news.title}</p>;
}

async function newsLoader({ params }: LoaderFunctionArgs) {
  return { title: 'お知らせ ' + params.id };
}

const router = createBrowserRouter([
  {
    path: '/',
    Component: Layout,
    children: [
      { index: true, element: <p>トップ</p> },
      { path: 'news/:id', loader: newsLoader, Component: NewsPage },
      { path: 'help', lazy: async () => ({ Component: (await import('./help-page.tsx')).HelpPage }) },
      { path: '*', element: <p>ページが見つかりません</p> },
    ],
  },
]);

createRoot(document.getElementById('root')!).render(<RouterProvider router={router} />);
`;
}

const HELP_PAGE = `export function HelpPage() {
  return <p>ヘルプ</p>;
}
`;

const INDEX_HTML = `<!doctype html>
<html lang="ja"><head><meta charset="utf-8" /><title>router bytes</title></head>
<body><div id="root"></div><script type="module" src="./main.tsx"></script></body></html>
`;

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/** The entry chunk and every chunk it imports statically, by manifest key. */
function firstLoadFiles(manifest: Record<string, ManifestChunk>): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key]?.imports ?? []) visit(imported);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  return [...seen].map((key) => manifest[key]!.file);
}

async function buildApp(
  rootDir: string,
  workDir: string,
  label: string,
  main: string,
): Promise<RouterBuildSize> {
  const appDir = path.join(workDir, label.replace(/\W+/g, '-'));
  fs.mkdirSync(appDir, { recursive: true });
  // The app's node_modules, so the temp app resolves react and react-router as the project does.
  fs.symlinkSync(path.join(rootDir, 'node_modules'), path.join(appDir, 'node_modules'), 'dir');
  fs.writeFileSync(path.join(appDir, 'index.html'), INDEX_HTML);
  fs.writeFileSync(path.join(appDir, 'main.tsx'), main);
  fs.writeFileSync(path.join(appDir, 'help-page.tsx'), HELP_PAGE);
  const outDir = path.join(appDir, 'dist');
  await build({
    root: appDir,
    configFile: false,
    logLevel: 'silent',
    plugins: [react()],
    build: { outDir, manifest: true, emptyOutDir: true },
  });
  const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const files = firstLoadFiles(manifest);
  const bytes = files
    .map((file) => gzipSync(fs.readFileSync(path.join(outDir, file)), { level: 9 }).length)
    .reduce((sum, size) => sum + size, 0);
  return { label, bytes, files: files.length };
}

export async function benchmarkRouterBytes(rootDir: string): Promise<RouterBytesResult> {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'router-bytes-'));
  const ownRouter = path.join(rootDir, 'client', 'src', 'lib', 'router', 'index.ts');
  try {
    const reactAlone = await buildApp(rootDir, workDir, 'React alone', REACT_ALONE_APP);
    const reactRouter = await buildApp(
      rootDir,
      workDir,
      'React Router 8',
      routedApp('react-router', 'react-router/dom'),
    );
    const own = await buildApp(rootDir, workDir, 'own router', routedApp(ownRouter, ownRouter));
    const ratio = (own.bytes - reactAlone.bytes) / (reactRouter.bytes - reactAlone.bytes);
    const { version } = JSON.parse(
      fs.readFileSync(path.join(rootDir, 'node_modules', 'vite', 'package.json'), 'utf8'),
    ) as { version: string };
    return {
      reactAlone,
      reactRouter,
      ownRouter: own,
      ratio,
      budget: ROUTER_BYTES_BUDGET,
      passed: ratio <= ROUTER_BYTES_BUDGET,
      viteVersion: version,
    };
  } finally {
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}
