import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** The part of Vite's build manifest the gateway reads (dist/client/.vite/manifest.json). */
const manifestChunkSchema = z.object({
  file: z.string(),
  isEntry: z.boolean().optional(),
  css: z.array(z.string()).optional(),
  imports: z.array(z.string()).optional(),
});
const manifestSchema = z.record(z.string(), manifestChunkSchema);

/** What index.html links: the entry module, the chunks it imports at once, and its stylesheets. */
export interface ClientAssets {
  readonly entryScript: string;
  readonly modulePreloads: readonly string[];
  readonly stylesheets: readonly string[];
}

export const CLIENT_MANIFEST_PATH = path.join('.vite', 'manifest.json');

export class ClientBuildMissingError extends Error {
  constructor(distDir: string) {
    super(`クライアントのビルドが見つかりません（${distDir}）。npm run build を実行してください。`);
    this.name = 'ClientBuildMissingError';
  }
}

/** Reads the entry of Vite's manifest. Throws ClientBuildMissingError when the client is not built. */
export function readClientAssets(distDir: string): ClientAssets {
  const manifestFile = path.join(distDir, CLIENT_MANIFEST_PATH);
  if (!fs.existsSync(manifestFile)) throw new ClientBuildMissingError(distDir);
  const manifest = manifestSchema.parse(JSON.parse(fs.readFileSync(manifestFile, 'utf8')));
  const entry = manifest['index.html'] ?? Object.values(manifest).find((chunk) => chunk.isEntry);
  if (!entry) throw new Error(`${manifestFile} にエントリーがありません`);

  const preloads = new Set<string>();
  const stylesheets = new Set(entry.css ?? []);
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || preloads.has(chunk.file)) return;
    preloads.add(chunk.file);
    for (const css of chunk.css ?? []) stylesheets.add(css);
    for (const next of chunk.imports ?? []) visit(next);
  };
  for (const key of entry.imports ?? []) visit(key);

  const url = (file: string) => `/${file}`;
  return {
    entryScript: url(entry.file),
    modulePreloads: [...preloads].map(url),
    stylesheets: [...stylesheets].map(url),
  };
}
