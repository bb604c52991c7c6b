import type { ThemeTokens } from '../contracts/theme-tokens.ts';
import type { TenantConfig } from './tenant-file-schema.ts';

/** A bank as the running gateway knows it: its validated file, its resolved theme and its assets. */
export interface Tenant {
  readonly code: string;
  readonly config: TenantConfig;
  /** The theme file's tokens with the tenant's overrides applied. */
  readonly theme: ThemeTokens;
  /** Absolute folder holding the logo and favicon named in the config. */
  readonly assetsDir: string;
  /** Content hash of the tenant file, its theme and its assets; changes whenever any of them changes. */
  readonly revision: string;
}

export type TenantChange = { code: string; kind: 'added' | 'changed' | 'removed' };

/** All banks of this deployment, kept current from tenants/ while the server runs. */
export interface TenantRegistry {
  /** The bank answering at a normalised hostname (see normalizeHost), including bank{code}.localhost outside production. */
  findByHost(hostname: string): Tenant | undefined;
  get(code: string): Tenant | undefined;
  list(): readonly Tenant[];
  /** Called after a tenant file was added, changed (and valid) or removed. Returns an unsubscribe function. */
  onChange(listener: (change: TenantChange) => void): () => void;
  close(): Promise<void>;
}
