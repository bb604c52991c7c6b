import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { AdapterFactory } from 'oidc-provider';
import { createMemoryAdapter } from 'oidc-provider/lib/adapters/memory_adapter.js';
import type { ServerConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { TenantRegistry } from '../tenancy/tenant.ts';
import { type BankProvider, createBankProvider } from './bank-provider.ts';
import { redisAdapterFactory } from './redis-adapter.ts';
import { bankCookieKeys, loadBankSigningKeys } from './signing-keys.ts';

export interface ProviderRegistryOptions {
  config: Pick<ServerConfig, 'env' | 'readSecret' | 'port' | 'redisKeyPrefix'>;
  tenants: TenantRegistry;
  db: Database;
  redis: Redis | undefined;
  keysDir: string;
  cookieSecret: string;
  logger: FastifyBaseLogger;
}

/**
 * The banks' providers, made on a bank's first request and made again when its tenant file changes
 * (a new revision): a bank added while the server runs works without a restart. A provider's
 * storage outlives a rebuild (Redis keys, or the bank's in-memory store), so a tenant edit does not
 * log anyone out.
 */
export function createProviderRegistry(options: ProviderRegistryOptions) {
  const { tenants, redis, logger } = options;
  const built = new Map<string, { revision: string; provider: Promise<BankProvider | undefined> }>();
  const memoryAdapters = new Map<string, AdapterFactory>();

  function adapterFor(code: string): AdapterFactory {
    if (redis) return redisAdapterFactory(redis, options.config.redisKeyPrefix, code);
    let adapter = memoryAdapters.get(code);
    if (!adapter) {
      adapter = createMemoryAdapter();
      memoryAdapters.set(code, adapter);
    }
    return adapter;
  }

  async function build(code: string): Promise<BankProvider | undefined> {
    const tenant = tenants.get(code);
    if (!tenant) return undefined;
    const bankLogger = logger.child({ bank: code });
    const bankProvider = createBankProvider({
      tenant,
      config: options.config,
      db: options.db,
      adapter: adapterFor(code),
      signingKeys: await loadBankSigningKeys(options.keysDir, code),
      cookieKeys: bankCookieKeys(options.cookieSecret, code),
      logger: bankLogger,
    });
    if (bankProvider) bankLogger.info({ issuer: bankProvider.provider.issuer }, 'identity provider ready');
    return bankProvider;
  }

  return {
    /** The bank's provider for its current tenant revision; undefined for an unknown bank. */
    providerFor(code: string): Promise<BankProvider | undefined> {
      const tenant = tenants.get(code);
      if (!tenant) {
        built.delete(code);
        return Promise.resolve(undefined);
      }
      const current = built.get(code);
      if (current?.revision === tenant.revision) return current.provider;
      const provider = build(code);
      built.set(code, { revision: tenant.revision, provider });
      // A failed build (an unreadable key file) is tried again on the next request.
      provider.catch(() => {
        if (built.get(code)?.provider === provider) built.delete(code);
      });
      return provider;
    },
    /** The bank whose issuer is `issuer` (an ID token's `iss`). */
    codeForIssuer(issuer: string): string | undefined {
      return tenants.list().find((tenant) => tenant.config.oidc.issuer === issuer)?.code;
    },
    bankCodes(): string[] {
      return tenants.list().map((tenant) => tenant.code);
    },
  };
}

export type ProviderRegistry = ReturnType<typeof createProviderRegistry>;
