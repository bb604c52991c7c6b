import { watch, type FSWatcher } from 'chokidar';
import { THEME_NAMES, type ThemeName } from '../contracts/theme-tokens.ts';
import type { ConfigProblem } from './config-problem.ts';
import { devHostBankCode } from './host.ts';
import type { Tenant, TenantChange, TenantRegistry } from './tenant.ts';
import { listTenantSources, loadTenantSources, selectTenants } from './tenant-directory.ts';
import { loadThemeFile, type LoadedTheme } from './theme-file.ts';

/** The part of a pino logger the registry writes to (a pino Logger fits). */
export type TenancyLogger = {
  info: (details: object, message: string) => void;
  warn: (details: object, message: string) => void;
  error: (details: object, message: string) => void;
};

export type TenantRegistryOptions = {
  tenantsDir: string;
  themesDir: string;
  /** Answer `bank{code}.localhost` for every bank (everywhere but production). */
  devHosts: boolean;
  /** Apply added, changed and removed files while running (the gateway); off for one-shot tools. */
  watch: boolean;
  logger: TenancyLogger;
};

// Editors and `cp` write a file in several steps; one reload shortly after the last event sees the
// finished file and keeps well inside the 2 s in which an operator's edit must be live.
const RELOAD_DELAY_MS = 100;

type RegistryState = {
  tenants: ReadonlyMap<string, Tenant>;
  byHost: ReadonlyMap<string, Tenant>;
  list: readonly Tenant[];
};

function indexState(tenants: ReadonlyMap<string, Tenant>): RegistryState {
  const list = [...tenants.values()].sort((a, b) => a.code.localeCompare(b.code));
  const byHost = new Map<string, Tenant>();
  for (const tenant of list) for (const host of tenant.config.hosts) byHost.set(host, tenant);
  return { tenants, byHost, list: Object.freeze(list) };
}

function changesBetween(
  before: ReadonlyMap<string, Tenant>,
  after: ReadonlyMap<string, Tenant>,
): TenantChange[] {
  const changes: TenantChange[] = [];
  for (const [code, tenant] of after) {
    const old = before.get(code);
    if (!old) changes.push({ code, kind: 'added' });
    else if (old.revision !== tenant.revision) changes.push({ code, kind: 'changed' });
  }
  for (const code of before.keys()) if (!after.has(code)) changes.push({ code, kind: 'removed' });
  return changes.sort((a, b) => a.code.localeCompare(b.code));
}

/**
 * The banks of tenants/ with their themes, loaded at start and, with `watch`, kept current: an added,
 * changed or removed tenant file, asset or theme is applied without a restart. An invalid file is
 * logged (file, field, reason) and skipped; a bank whose edit is invalid keeps its last valid config.
 * Holds no global state: each call makes an independent registry.
 */
export async function createTenantRegistry(options: TenantRegistryOptions): Promise<TenantRegistry> {
  const { logger } = options;
  let state = indexState(new Map());
  let themes = new Map<ThemeName, LoadedTheme>();
  const listeners = new Set<(change: TenantChange) => void>();
  // What was last logged per file, so a file that stays broken is not logged again on every reload.
  const reportedProblems = new Map<string, string>();

  function reportProblems(
    problems: readonly ConfigProblem[],
    filesOnLastValid: ReadonlyMap<string, string>,
  ): void {
    const byFile = Map.groupBy(problems, (problem) => problem.file);
    for (const file of reportedProblems.keys()) if (!byFile.has(file)) reportedProblems.delete(file);
    for (const [file, fileProblems] of byFile) {
      const signature = JSON.stringify(fileProblems);
      if (reportedProblems.get(file) === signature) continue;
      reportedProblems.set(file, signature);
      const keptCode = filesOnLastValid.get(file);
      const outcome = keptCode
        ? `銀行 ${keptCode} は直前の正しい設定のまま動いています`
        : 'このファイルは読み込んでいません';
      for (const problem of fileProblems) {
        logger.error(
          {
            file: problem.file,
            field: problem.field,
            reason: problem.reason,
            keptLastValid: keptCode !== undefined,
          },
          `設定ファイルに誤りがあります（${outcome}）: ${problem.file}: ${problem.field}: ${problem.reason}`,
        );
      }
    }
  }

  async function loadAll(announceChanges: boolean): Promise<void> {
    // Themes: a valid file replaces the one in use; an invalid or missing one leaves the last valid in use.
    const themeProblems: ConfigProblem[] = [];
    const nextThemes = new Map(themes);
    for (const name of THEME_NAMES) {
      const result = await loadThemeFile(options.themesDir, name);
      if (result.ok) nextThemes.set(name, result.theme);
      else themeProblems.push(...result.problems);
    }
    themes = nextThemes;

    const listing = await listTenantSources(options.tenantsDir);
    const loaded = await loadTenantSources(listing.sources, themes);
    const previous = state.tenants;
    const selection = selectTenants(previous, loaded);

    // Banks still running on an older config although their file says otherwise (invalid edit or a taken host).
    const filesOnLastValid = new Map<string, string>();
    for (const { source, result } of loaded) {
      const running = selection.tenants.get(source.name);
      if (running && (!result.ok || result.tenant.revision !== running.revision)) {
        filesOnLastValid.set(source.file, running.code);
      }
    }
    reportProblems([...themeProblems, ...listing.problems, ...selection.problems], filesOnLastValid);

    const changes = changesBetween(previous, selection.tenants);
    state = indexState(selection.tenants);
    if (!announceChanges) return;
    for (const change of changes) {
      const revision = state.tenants.get(change.code)?.revision;
      logger.info({ ...change, revision }, `銀行 ${change.code} の設定を反映しました（${change.kind}）`);
      for (const listener of listeners) {
        try {
          listener(change);
        } catch (error) {
          logger.error({ err: error, ...change }, 'テナント変更の通知先でエラーが発生しました');
        }
      }
    }
  }

  let watcher: FSWatcher | undefined;
  let reloadTimer: NodeJS.Timeout | undefined;
  let reloading: Promise<void> | undefined;
  let reloadAgain = false;
  let closed = false;

  function scheduleReload(): void {
    if (closed) return;
    clearTimeout(reloadTimer);
    reloadTimer = setTimeout(startReload, RELOAD_DELAY_MS);
  }

  function startReload(): void {
    if (reloading) {
      // Files changed during a reload: read them again once this one is done.
      reloadAgain = true;
      return;
    }
    reloading = loadAll(true)
      .catch((error: unknown) => {
        // tenants/ itself unreadable (moved, permissions): keep serving the banks already loaded.
        logger.error(
          { err: error, tenantsDir: options.tenantsDir },
          'テナント設定を再読み込みできませんでした',
        );
      })
      .finally(() => {
        reloading = undefined;
        if (reloadAgain) {
          reloadAgain = false;
          scheduleReload();
        }
      });
  }

  // The watcher starts before the first load, so that nothing written in between is missed; a change
  // seen during the first load is read again right after it.
  if (options.watch) {
    const activeWatcher = watch([options.tenantsDir, options.themesDir], { ignoreInitial: true });
    watcher = activeWatcher;
    activeWatcher.on('all', scheduleReload);
    activeWatcher.on('error', (error) =>
      logger.error({ err: error }, 'テナント設定の監視でエラーが発生しました'),
    );
    await new Promise<void>((resolve) => activeWatcher.once('ready', resolve));
  }
  try {
    reloading = loadAll(false);
    await reloading;
  } catch (error) {
    await watcher?.close();
    throw error;
  } finally {
    reloading = undefined;
  }
  if (reloadAgain) {
    reloadAgain = false;
    scheduleReload();
  }
  logger.info(
    { banks: state.list.map((tenant) => tenant.code) },
    `${state.list.length} 銀行の設定を読み込みました`,
  );

  return {
    findByHost(hostname) {
      const configured = state.byHost.get(hostname);
      if (configured || !options.devHosts) return configured;
      const code = devHostBankCode(hostname);
      return code === undefined ? undefined : state.tenants.get(code);
    },
    get(code) {
      return state.tenants.get(code);
    },
    list() {
      return state.list;
    },
    onChange(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    async close() {
      closed = true;
      clearTimeout(reloadTimer);
      await watcher?.close();
      await reloading;
    },
  };
}
