import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import { parse as parseYaml } from 'yaml';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadServerConfig, serverEnvSchema } from '#server/config.ts';
import { composeSchemaErrors } from './compose-schema.ts';
import {
  DockerfileSyntaxError,
  parseDockerfile,
  type DockerInstruction,
  type DockerStage,
} from './dockerfile.ts';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const readRootFile = (file: string) => fs.readFileSync(path.join(rootDir, file), 'utf8');

const NODE_IMAGE = 'node:24-bookworm-slim';

function instructionsOf(stage: DockerStage, keyword: string): DockerInstruction[] {
  return stage.instructions.filter((instruction) => instruction.keyword === keyword);
}

function lastInstruction(stage: DockerStage, keyword: string): DockerInstruction {
  const instruction = instructionsOf(stage, keyword).at(-1);
  if (!instruction) throw new Error(`the runtime stage has no ${keyword}`);
  return instruction;
}

function runtimeStage(): DockerStage {
  const stages = parseDockerfile(readRootFile('Dockerfile'));
  const last = stages.at(-1);
  if (!last) throw new Error('the Dockerfile has no stage');
  return last;
}

function dockerHealthcheckCommand(): string[] {
  const { exec } = lastInstruction(runtimeStage(), 'HEALTHCHECK');
  if (!exec) throw new Error('HEALTHCHECK CMD is not in exec form');
  return exec;
}

/** The port in the health check's URL. */
function healthcheckPort(command: readonly string[]): number {
  const url = /https?:\/\/[^'"\s]+/.exec(command.join(' '))?.[0];
  if (!url) throw new Error(`no URL in the health check ${command.join(' ')}`);
  return Number(new URL(url).port);
}

/** What a container's health check answers (its exit code) when the gateway answers `status`, or nothing listens. */
async function healthcheckExitCode(healthz: { status: number } | 'nothing listening') {
  const requestedPaths: string[] = [];
  const server = http.createServer((request, response) => {
    requestedPaths.push(request.url ?? '');
    response.writeHead(healthz === 'nothing listening' ? 500 : healthz.status).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  if (healthz === 'nothing listening') await new Promise((resolve) => server.close(resolve));

  // The command is run as written; only the port it calls is moved to this test's server.
  const [program, ...args] = dockerHealthcheckCommand();
  expect(program).toBe('node');
  const movePort = `const realFetch = globalThis.fetch; globalThis.fetch = (url, init) => realFetch(String(url).replace('//127.0.0.1:3000/', '//127.0.0.1:${port}/'), init);`;
  const child = spawn(
    process.execPath,
    ['--import', `data:text/javascript,${encodeURIComponent(movePort)}`, ...args],
    {
      stdio: 'ignore',
    },
  );
  const exitCode = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  if (healthz !== 'nothing listening') await new Promise((resolve) => server.close(resolve));
  return { exitCode, requestedPaths };
}

/** The part of a Compose file these tests read (the schema has validated the whole). */
const environmentEntries = z.union([
  z.array(z.string()),
  z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
]);
const composeServiceSchema = z.looseObject({
  image: z.string().optional(),
  build: z.union([z.string(), z.looseObject({ context: z.string().optional() })]).optional(),
  command: z.union([z.string(), z.array(z.string())]).optional(),
  ports: z.array(z.union([z.string(), z.number()])).optional(),
  environment: environmentEntries.optional(),
  volumes: z.array(z.string()).optional(),
  depends_on: z.record(z.string(), z.object({ condition: z.string() })).optional(),
  healthcheck: z.looseObject({ test: z.union([z.string(), z.array(z.string())]) }).optional(),
});
const composeFileSchema = z.looseObject({
  services: z.record(z.string(), composeServiceSchema),
  volumes: z.record(z.string(), z.unknown()).optional(),
});

function readComposeFile() {
  return composeFileSchema.parse(parseYaml(readRootFile('docker-compose.yml')));
}

function composeService(name: string) {
  const service = readComposeFile().services[name];
  if (!service) throw new Error(`docker-compose.yml has no ${name} service`);
  return service;
}

/** `${NAME:-default}` and `${NAME}` as Compose reads them when the operator's environment is empty. */
function withComposeDefaults(value: string): string {
  return value.replace(
    /\$\{([A-Z0-9_]+)(?::?-([^}]*))?\}/g,
    (_match, _name, fallback?: string) => fallback ?? '',
  );
}

/** A service's environment: NAME → value, or undefined for a variable passed through by name only. */
function serviceEnvironment(name: string): Map<string, string | undefined> {
  const environment = composeService(name).environment ?? [];
  const entries: [string, string | undefined][] = Array.isArray(environment)
    ? environment.map((entry) => {
        const separator = entry.indexOf('=');
        return separator === -1
          ? [entry, undefined]
          : [entry.slice(0, separator), entry.slice(separator + 1)];
      })
    : Object.entries(environment).map(([key, value]) => [key, value === null ? undefined : String(value)]);
  return new Map(
    entries.map(([key, value]) => [key, value === undefined ? undefined : withComposeDefaults(value)]),
  );
}

/** The secret variable names the committed bank files give (oidc.client_secret_env). */
function tenantSecretVariables(): string[] {
  const tenantsDir = path.join(rootDir, 'tenants');
  return fs
    .readdirSync(tenantsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => {
      const tenant = z
        .looseObject({ oidc: z.looseObject({ client_secret_env: z.string() }) })
        .parse(JSON.parse(fs.readFileSync(path.join(tenantsDir, entry.name, 'tenant.json'), 'utf8')));
      return tenant.oidc.client_secret_env;
    })
    .sort();
}

/** The subpath imports of package.json (`#server/*` → `./server/*`). */
function packageImports(): [prefix: string, target: string][] {
  const { imports } = z
    .object({ imports: z.record(z.string(), z.string()) })
    .parse(JSON.parse(readRootFile('package.json')));
  return Object.entries(imports).map(([alias, target]) => [
    alias.replace(/\*$/, ''),
    target.replace(/\*$/, ''),
  ]);
}

/**
 * Bare package names imported (not `import type`) by the server's sources, and the files its
 * relative and `#alias` imports reach (an alias is resolved through package.json "imports").
 */
function serverRuntimeImports(): { packages: Set<string>; relativeTargets: string[] } {
  const packages = new Set<string>();
  const relativeTargets: string[] = [];
  const aliases = packageImports();
  const visit = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(file);
      else if (entry.name.endsWith('.ts')) {
        const source = fs.readFileSync(file, 'utf8');
        const specifiers = [
          ...source.matchAll(/^\s*import\s+(?!type\s)(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]/gm),
          ...source.matchAll(/^\s*export\s+(?!type\s)[^'"]*?\sfrom\s+['"]([^'"]+)['"]/gm),
          ...source.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g),
        ].map((match) => match[1] ?? '');
        for (const specifier of specifiers) {
          if (specifier.startsWith('.')) relativeTargets.push(path.resolve(path.dirname(file), specifier));
          else if (specifier.startsWith('#')) {
            const alias = aliases.find(([prefix]) => specifier.startsWith(prefix));
            if (!alias) throw new Error(`${file}: ${specifier} matches no "imports" entry of package.json`);
            relativeTargets.push(path.resolve(rootDir, alias[1] + specifier.slice(alias[0].length)));
          } else if (!specifier.startsWith('node:')) {
            const [scopeOrName = '', name] = specifier.split('/');
            packages.add(scopeOrName.startsWith('@') ? `${scopeOrName}/${name}` : scopeOrName);
          }
        }
      }
    }
  };
  visit(path.join(rootDir, 'server'));
  return { packages, relativeTargets };
}

describe('the Dockerfile', () => {
  it('parses as a Dockerfile: known instructions and flags, JSON exec forms, stages copied from earlier stages', () => {
    expect(() => parseDockerfile(readRootFile('Dockerfile'))).not.toThrow();
  });

  it('is refused by the parser when it is broken (so the check above means something)', () => {
    const broken = [
      'FROM node:24-bookworm-slim\nRUNN npm ci\n',
      'FROM node:24-bookworm-slim\nCMD ["node", "server/main.ts"\n',
      'FROM node:24-bookworm-slim AS base\nFROM node:24-bookworm-slim AS base\n',
      'FROM node:24-bookworm-slim\nCOPY --from=build /app/dist ./dist\n',
      'FROM node:24-bookworm-slim\nHEALTHCHECK --interval=5s node -e 1\n',
      'FROM node:24-bookworm-slim\nCOPY --own=node . .\n',
      'FROM node:24-bookworm-slim\nSHELL /bin/bash -c\n',
      'WORKDIR /app\nFROM node:24-bookworm-slim\n',
    ];
    for (const source of broken) expect(() => parseDockerfile(source), source).toThrow(DockerfileSyntaxError);
  });

  it('builds every stage on Node 24 (node:24-bookworm-slim)', () => {
    const stages = parseDockerfile(readRootFile('Dockerfile'));
    const stageNames = new Set(stages.map((stage) => stage.name));
    const baseImages = stages.map((stage) => stage.image).filter((image) => !stageNames.has(image));
    expect(baseImages.length).toBeGreaterThan(0);
    for (const image of baseImages) expect(image).toBe(NODE_IMAGE);
  });

  it('builds the client with npm run build and ships dist/client in the image it runs', () => {
    const stages = parseDockerfile(readRootFile('Dockerfile'));
    const buildStage = stages.find((stage) =>
      instructionsOf(stage, 'RUN').some((run) => run.args === 'npm run build'),
    );
    expect(buildStage?.name).toBeDefined();
    const shipped = instructionsOf(runtimeStage(), 'COPY').find(
      (copy) => copy.flags.from === buildStage?.name,
    );
    expect(shipped?.args).toMatch(/\/dist\/client\s+\.\/dist\/client$/);
  });

  it('runs with production dependencies only (npm ci --omit=dev), without the node dev dependency', () => {
    const stages = parseDockerfile(readRootFile('Dockerfile'));
    const copiedModules = instructionsOf(runtimeStage(), 'COPY').find((copy) =>
      copy.args.includes('node_modules'),
    );
    const source = stages.find((stage) => stage.name === copiedModules?.flags.from);
    expect(source, 'node_modules comes from a stage of its own').toBeDefined();
    const installs = source ? instructionsOf(source, 'RUN').map((run) => run.args) : [];
    expect(installs.some((run) => /^npm ci\b.*--omit=dev\b/.test(run))).toBe(true);
    // That stage must not inherit a full install from a stage before it.
    const inheritsFrom = stages.find((stage) => stage.name === source?.image);
    expect(inheritsFrom ? instructionsOf(inheritsFrom, 'RUN') : []).toEqual([]);
    // The image's own Node runs the server, not node_modules/.bin/node (the `node` dev dependency).
    const packageJson = z
      .object({
        dependencies: z.record(z.string(), z.string()),
        devDependencies: z.record(z.string(), z.string()),
      })
      .parse(JSON.parse(readRootFile('package.json')));
    expect(Object.keys(packageJson.dependencies)).not.toContain('node');
    expect(lastInstruction(runtimeStage(), 'CMD').exec?.[0]).toBe('node');
  });

  it('holds everything the server imports: production dependencies and the copied folders', () => {
    const packageJson = z
      .object({ dependencies: z.record(z.string(), z.string()) })
      .parse(JSON.parse(readRootFile('package.json')));
    const { packages, relativeTargets } = serverRuntimeImports();
    expect([...packages].filter((name) => !(name in packageJson.dependencies))).toEqual([]);

    const runtime = runtimeStage();
    const workdir = lastInstruction(runtime, 'WORKDIR').args;
    const copiedFolders = instructionsOf(runtime, 'COPY').map((copy) =>
      path.posix.join(workdir, copy.args.split(/\s+/).at(-1) ?? ''),
    );
    const inImage = (file: string) =>
      path.posix.join(workdir, path.relative(rootDir, file).split(path.sep).join('/'));
    const outside = relativeTargets.filter(
      (target) => !copiedFolders.some((folder) => inImage(target).startsWith(`${folder}/`)),
    );
    expect(outside).toEqual([]);
    // The `#server/…` imports resolve through package.json's "imports": it must be in the image.
    expect(instructionsOf(runtime, 'COPY').map((copy) => copy.args)).toContain('package.json ./');
    // The folders the server reads by default (server/config.ts) are in the image.
    const defaults = serverEnvSchema.parse({});
    for (const folder of [defaults.TENANTS_DIR, defaults.THEMES_DIR, defaults.CLIENT_DIST_DIR]) {
      expect(copiedFolders).toContain(path.posix.join(workdir, folder));
    }
  });

  it('runs the gateway as the non-root node user in production mode', () => {
    const runtime = runtimeStage();
    const user = lastInstruction(runtime, 'USER').args;
    expect(user).not.toMatch(/^(root|0)(:|$)/);
    expect(user).toBe('node');
    const environment = instructionsOf(runtime, 'ENV').map((env) => env.args);
    expect(environment).toContain('NODE_ENV=production');
  });

  it('starts server/main.ts with node and exposes the port it listens on', () => {
    const runtime = runtimeStage();
    expect(lastInstruction(runtime, 'CMD').exec).toEqual(['node', 'server/main.ts']);
    expect(fs.existsSync(path.join(rootDir, 'server', 'main.ts'))).toBe(true);
    const exposed = Number(lastInstruction(runtime, 'EXPOSE').args);
    expect(exposed).toBe(serverEnvSchema.parse({}).PORT);
    expect(healthcheckPort(dockerHealthcheckCommand())).toBe(exposed);
  });

  it('has a HEALTHCHECK whose script is valid JavaScript', () => {
    const [, flag, script] = dockerHealthcheckCommand();
    expect(flag).toBe('-e');
    expect(() => new vm.Script(script ?? '')).not.toThrow();
  });

  it('reports the container healthy only while readiness (/readyz: database and Redis) answers 200', async () => {
    const healthy = await healthcheckExitCode({ status: 200 });
    expect(healthy).toEqual({ exitCode: 0, requestedPaths: ['/readyz'] });
    expect((await healthcheckExitCode({ status: 503 })).exitCode).toBe(1);
    expect((await healthcheckExitCode('nothing listening')).exitCode).toBe(1);
  });
});

describe('docker-compose.yml', () => {
  it('is valid against the Compose Specification schema', () => {
    expect(composeSchemaErrors(parseYaml(readRootFile('docker-compose.yml')))).toEqual([]);
  });

  it('is refused by the schema when a service is misspelt (so the check above means something)', () => {
    const errors = composeSchemaErrors({ services: { gateway: { image: 'x', helthcheck: {} } } });
    expect(errors.map((error) => error.params)).toContainEqual({ additionalProperty: 'helthcheck' });
  });

  it('runs exactly what npm start runs plus its backing stores', () => {
    // npm start runs the gateway; the identity provider joins it (and this file) with server/idp/.
    const startsIdp = fs.existsSync(path.join(rootDir, 'server', 'idp'));
    // The local test payment gateway joins them with server/payment-gateway/ (decision 0068).
    const startsPaymentGateway = fs.existsSync(path.join(rootDir, 'server', 'payment-gateway'));
    // The development mail catcher joins them with server/mail/ (npm start runs MailDev from npm).
    const startsMailCatcher = fs.existsSync(path.join(rootDir, 'server', 'mail'));
    const expected = [
      'gateway',
      'postgres',
      'redis',
      ...(startsIdp ? ['idp'] : []),
      ...(startsPaymentGateway ? ['payment-gateway'] : []),
      ...(startsMailCatcher ? ['maildev'] : []),
    ].sort();
    expect(Object.keys(readComposeFile().services).sort()).toEqual(expected);
  });

  it('builds the gateway from the Dockerfile and runs its CMD', () => {
    const gateway = composeService('gateway');
    expect(gateway.build).toBe('.');
    if (gateway.command !== undefined)
      expect(gateway.command).toEqual(lastInstruction(runtimeStage(), 'CMD').exec);
  });

  it('publishes and health-checks the gateway on the port the image exposes and the server listens on', () => {
    const gateway = composeService('gateway');
    const exposed = Number(lastInstruction(runtimeStage(), 'EXPOSE').args);
    const containerPorts = (gateway.ports ?? []).map((port) => Number(String(port).split(':').at(-1)));
    expect(containerPorts).toEqual([exposed]);
    expect(gateway.healthcheck?.test).toEqual(['CMD', ...dockerHealthcheckCommand()]);
    const environment = Object.fromEntries(serviceEnvironment('gateway'));
    expect(loadServerConfig(environment, '/app').port).toBe(exposed);
  });

  it('sets only variables that server/config.ts reads, and they parse as a production config', () => {
    const environment = serviceEnvironment('gateway');
    const secrets = new Set(tenantSecretVariables());
    const readByConfig = new Set(Object.keys(serverEnvSchema.shape));
    const unknown = [...environment.keys()].filter((name) => !readByConfig.has(name) && !secrets.has(name));
    expect(unknown).toEqual([]);

    const config = loadServerConfig(Object.fromEntries(environment), '/app');
    expect(config.env).toBe('production');
    expect(config.databaseUrl).toBeDefined();
    expect(config.redisUrl).toBeDefined();
    expect(config.trustProxy).toBe(false);
  });

  it("passes every bank's OIDC client secret by name only, never its value", () => {
    const environment = serviceEnvironment('gateway');
    const passedThrough = [...environment].filter(([, value]) => value === undefined).map(([name]) => name);
    expect(passedThrough.sort()).toEqual(tenantSecretVariables());
  });

  it('connects the gateway to the postgres and redis services it waits for', () => {
    const gateway = composeService('gateway');
    expect(gateway.depends_on).toEqual({
      postgres: { condition: 'service_healthy' },
      redis: { condition: 'service_healthy' },
    });
    const config = loadServerConfig(Object.fromEntries(serviceEnvironment('gateway')), '/app');
    const database = new URL(config.databaseUrl ?? '');
    const postgres = serviceEnvironment('postgres');
    expect(database.hostname).toBe('postgres');
    expect(database.username).toBe(postgres.get('POSTGRES_USER'));
    expect(database.password).toBe(postgres.get('POSTGRES_PASSWORD'));
    expect(database.pathname).toBe(`/${postgres.get('POSTGRES_DB')}`);
    expect(new URL(config.redisUrl ?? '').hostname).toBe('redis');
  });

  it('sends the gateway’s mail to the maildev service, whose inbox is published, unless SMTP_URL names a relay', () => {
    const config = loadServerConfig(Object.fromEntries(serviceEnvironment('gateway')), '/app');
    expect(config.mail.smtpUrl).toBe('smtp://maildev:1025');
    expect(config.mail.from).toBeUndefined();
    expect(composeService('maildev').ports).toEqual(['1080:1080']);
    const relayed = loadServerConfig(
      { ...Object.fromEntries(serviceEnvironment('gateway')), SMTP_URL: 'smtps://relay.example.jp:465' },
      '/app',
    );
    expect(relayed.mail.smtpUrl).toBe('smtps://relay.example.jp:465');
  });

  it('mounts tenants/ read-only where the image reads bank files, so a bank is added without a rebuild', () => {
    const workdir = lastInstruction(runtimeStage(), 'WORKDIR').args;
    const tenantsInImage = path.posix.join(workdir, serverEnvSchema.parse({}).TENANTS_DIR);
    expect(composeService('gateway').volumes).toContainEqual(`./tenants:${tenantsInImage}:ro`);
  });

  it('keeps PostgreSQL 15 and Redis 7 data in named volumes and checks their health', () => {
    const file = readComposeFile();
    const postgres = composeService('postgres');
    const redis = composeService('redis');
    expect(postgres.image).toBe('postgres:15');
    expect(redis.image).toBe('redis:7');
    expect(postgres.healthcheck?.test).toContain('pg_isready');
    expect(redis.healthcheck?.test).toEqual(['CMD', 'redis-cli', 'ping']);
    for (const service of [postgres, redis]) {
      const volumeNames = (service.volumes ?? []).map((volume) => volume.split(':')[0] ?? '');
      expect(volumeNames.length).toBeGreaterThan(0);
      for (const name of volumeNames) expect(Object.keys(file.volumes ?? {})).toContain(name);
    }
  });
});

describe('the idp service of docker-compose.yml', () => {
  const idpConfig = () => loadServerConfig(Object.fromEntries(serviceEnvironment('idp')), '/app');

  it('runs server/idp/main.ts from the gateway image, and the gateway does not start a provider of its own', () => {
    const idp = composeService('idp');
    expect(idp.build).toBe('.');
    expect(idp.command).toEqual(['node', 'server/idp/main.ts']);
    expect(fs.existsSync(path.join(rootDir, 'server', 'idp', 'main.ts'))).toBe(true);
    expect(loadServerConfig(Object.fromEntries(serviceEnvironment('gateway')), '/app').idp.start).toBe(false);
  });

  it('publishes and health-checks the port the provider listens on (IDP_PORT)', () => {
    const idp = composeService('idp');
    const { port } = idpConfig().idp;
    expect((idp.ports ?? []).map((entry) => Number(String(entry).split(':').at(-1)))).toEqual([port]);
    const test = idp.healthcheck?.test;
    expect(Array.isArray(test) ? healthcheckPort(test) : undefined).toBe(port);
  });

  it('health-checks the provider by its readiness, as the gateway', () => {
    const test = composeService('idp').healthcheck?.test;
    const url = /https?:\/\/[^'"\s]+/.exec(Array.isArray(test) ? test.join(' ') : '')?.[0];
    expect(new URL(url ?? 'http://x/').pathname).toBe('/readyz');
  });

  it('sets only variables that server/config.ts reads, on PostgreSQL and Redis, with the secrets by name', () => {
    const environment = serviceEnvironment('idp');
    const secrets = new Set(tenantSecretVariables());
    const readByConfig = new Set(Object.keys(serverEnvSchema.shape));
    expect([...environment.keys()].filter((name) => !readByConfig.has(name) && !secrets.has(name))).toEqual(
      [],
    );
    const config = idpConfig();
    expect(new URL(config.databaseUrl ?? '').hostname).toBe('postgres');
    expect(new URL(config.redisUrl ?? '').hostname).toBe('redis');
    const passedThrough = [...environment].filter(([, value]) => value === undefined).map(([name]) => name);
    expect(passedThrough.sort()).toEqual(tenantSecretVariables());
    expect(composeService('idp').depends_on).toEqual(composeService('gateway').depends_on);
  });

  it('reads the tenant files the gateway reads and keeps its keys in a named volume', () => {
    const workdir = lastInstruction(runtimeStage(), 'WORKDIR').args;
    const volumes = composeService('idp').volumes ?? [];
    expect(volumes).toContainEqual(
      `./tenants:${path.posix.join(workdir, serverEnvSchema.parse({}).TENANTS_DIR)}:ro`,
    );
    const dataVolume = volumes.find((volume) =>
      volume.endsWith(`:${path.posix.join(workdir, serverEnvSchema.parse({}).DATA_DIR)}`),
    );
    expect(Object.keys(readComposeFile().volumes ?? {})).toContain(dataVolume?.split(':')[0]);
  });
});
