import path from 'node:path';
import { z } from 'zod';

/**
 * The only reader of process.env. Everything the server needs from its environment is parsed
 * here once, with its default, and the type is inferred from the schema.
 */
const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', ''])
  .transform((value) => value === 'true' || value === '1');

/**
 * A Sentry DSN, `https://{public key}@{host}/{project id}`. It is not a secret: it goes to every
 * visitor's browser, which is what Sentry designs it for — the public key only lets a client send
 * events to the project (https://docs.sentry.io/concepts/key-terms/dsn-explainer/). The legacy form
 * with a secret key (`key:secret@`) is refused, because that secret must never reach a browser.
 */
const sentryDsnSchema = z
  .url({ protocol: /^https?$/, error: 'a Sentry DSN: https://{public key}@{host}/{project id}' })
  // URL.parse: these checks also run on a value the URL check above refused.
  .refine((dsn) => URL.parse(dsn)?.username !== '', 'the DSN has no public key (https://{public key}@...)')
  .refine((dsn) => !URL.parse(dsn)?.password, 'the DSN carries a secret key; use the DSN without it')
  .refine(
    (dsn) => /\/\d+$/.test(URL.parse(dsn)?.pathname ?? '/0'),
    'the DSN does not end in a numeric project id',
  );

/**
 * How long the gateway waits on PostgreSQL (milliseconds). A database that does not answer turns into
 * a clear failure (at start-up) or a 503 (during a request) within these bounds instead of a hang.
 */
export const DATABASE_TIMEOUT_DEFAULTS = {
  /**
   * Opening a connection (TCP, TLS, login), and waiting for a free one when all are busy: many times
   * what a login over a network takes, and short enough that a start-up against a silent server
   * fails well within 10 s.
   */
  connectMs: 3_000,
  /** statement_timeout of the requests' connections: a longer query is cancelled by the server. */
  statementMs: 10_000,
  /** idle_in_transaction_session_timeout: a transaction left waiting this long is ended by the server. */
  idleInTransactionMs: 30_000,
  /** At start-up: the wait for another replica's migration lock, and each statement of a migration. */
  migrationMs: 60_000,
} as const;

/** A timeout in milliseconds: a whole number from 1 ms to one hour (0 would mean "wait for ever" to PostgreSQL). */
const timeoutMs = (defaultMs: number) => z.coerce.number().int().min(1).max(3_600_000).default(defaultMs);

export const serverEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** The level of the one access line per request (server/access-log.ts); below LOG_LEVEL it is not written. */
  ACCESS_LOG_LEVEL: z.enum(['info', 'debug', 'trace', 'silent']).default('info'),
  /** The share of successful static and asset requests (built client, bank logos, robots.txt, index.html) logged. */
  ACCESS_LOG_STATIC_SAMPLE_RATE: z.coerce.number().min(0).max(1).default(0.1),
  /** PostgreSQL; without it PGlite stores data under DATA_DIR. */
  DATABASE_URL: z.url().optional(),
  /** PostgreSQL's timeouts (DATABASE_TIMEOUT_DEFAULTS says what each bounds); PGlite has none. */
  DATABASE_CONNECT_TIMEOUT_MS: timeoutMs(DATABASE_TIMEOUT_DEFAULTS.connectMs),
  DATABASE_STATEMENT_TIMEOUT_MS: timeoutMs(DATABASE_TIMEOUT_DEFAULTS.statementMs),
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: timeoutMs(DATABASE_TIMEOUT_DEFAULTS.idleInTransactionMs),
  DATABASE_MIGRATION_TIMEOUT_MS: timeoutMs(DATABASE_TIMEOUT_DEFAULTS.migrationMs),
  DATA_DIR: z.string().default('data'),
  /** Redis for sessions and rate limits; without it in-process stores (one process only). */
  REDIS_URL: z.url().optional(),
  REDIS_KEY_PREFIX: z.string().default('portal:'),
  TENANTS_DIR: z.string().default('tenants'),
  THEMES_DIR: z.string().default('themes'),
  CLIENT_DIST_DIR: z.string().default('dist/client'),
  /**
   * Addresses of reverse proxies whose X-Forwarded-* headers are believed (comma-separated IPs or
   * CIDRs, or "true" for any hop). Empty: the Host header and the socket address are used as they are.
   */
  TRUST_PROXY: z.string().default(''),
  /** Watch tenants/ and themes/ and apply changes without a restart. */
  TENANT_WATCH: booleanFromEnv.default(true),
  /** Public API base answered by the server info call; default: the origin the request came to. */
  PUBLIC_API_URL: z.url().optional(),
  BUILD_VERSION: z.string().optional(),
  /** Where the browser reports errors; without it reporting is off (not a secret, see sentryDsnSchema). */
  SENTRY_DSN: sentryDsnSchema.optional(),
  /**
   * Outside production the banks' analytics tags (GA, GTM) are left out of the page, so a
   * development or test host calls no analytics service; `true` puts them in (to try a tag).
   */
  ANALYTICS_OUTSIDE_PRODUCTION: z.stringbool().default(false),
  /**
   * Inquiries one client address may send to one bank in 10 minutes (POST /api/v1/inquiry). Behind a
   * proxy this needs TRUST_PROXY, or every visitor shares the proxy's address and so one budget.
   */
  INQUIRY_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(5),
  /**
   * Accept identity providers on plain http in production too (a development provider in
   * docker-compose). Outside production http issuers are always accepted; production issuers are https.
   */
  OIDC_ALLOW_HTTP_ISSUERS: booleanFromEnv.default(false),
  /**
   * API calls one client address may make to one bank per minute without logging in (counted per
   * process, in memory: an anonymous visitor adds no key to Redis). A public page makes three or four.
   */
  ANONYMOUS_API_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(300),
  /** The OpenAPI document and its viewer at /api/docs: on by default outside production only. */
  API_DOCS: booleanFromEnv.optional(),
  /** Applications started or sent (POST /api/v1/register…) from one client address to one bank per 10 minutes. */
  REGISTRATION_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(10),
  /**
   * Employee invitations (POST /api/v1/company/employee/invitations) one company may send per 24
   * hours: each is a mail from the bank to an address outside the company (decision 100).
   */
  EMPLOYEE_INVITATION_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(50),
  /** Password reminders (POST /api/v1/reminder) one client address may ask of one bank per 10 minutes. */
  REMINDER_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(5),
  /** Requests one client address may make to /login and to /callback of one bank per minute. */
  LOGIN_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(30),
  /**
   * Encrypts the short-lived login cookie (state, nonce and PKCE verifier between /login and
   * /callback). Required in production (32+ characters, the same on every replica).
   */
  SESSION_SECRET: z.string().min(32, '32文字以上の秘密の値を指定してください').optional(),
  /**
   * Back-channel origins of identity providers, when the gateway reaches a provider at another
   * address than the browser does (docker-compose: `http://localhost:3001=http://idp:3001`).
   * Comma-separated `public origin=internal origin` pairs.
   */
  OIDC_BACKCHANNEL_ORIGINS: z.string().default(''),
  /** Signs the support-desk sign-on token (HS256); unset: the sign-on answers 500 (outside production a development key). */
  SUPPORT_DESK_SIGNING_SECRET: z.string().min(32, '32文字以上の秘密の値を指定してください').optional(),
  /** The development identity provider (server/idp): its port, and whether `npm start` runs it. */
  IDP_PORT: z.coerce.number().int().min(0).max(65535).default(3001),
  IDP_HOST: z.string().optional(),
  /** Default: on outside production (the banks' tenant files point at it), off in production. */
  START_IDP: booleanFromEnv.optional(),
  /**
   * The payment gateway that tokenises company cards (server/payment/): its base URL. Unset outside
   * production: the local test gateway on PAYMENT_GATEWAY_PORT. Unset in production: card
   * registration answers that cards cannot be taken now.
   */
  PAYMENT_GATEWAY_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** The local test payment gateway (server/payment-gateway/): its port, and whether `npm start` runs it. */
  PAYMENT_GATEWAY_PORT: z.coerce.number().int().min(0).max(65535).default(3002),
  PAYMENT_GATEWAY_HOST: z.string().optional(),
  /** Default: on outside production, off in production. */
  START_PAYMENT_GATEWAY: booleanFromEnv.optional(),
  /**
   * Where mail leaves (server/mail/): an SMTP server's URL (`smtp://user:pass@host:587`,
   * `smtps://…:465`). Unset outside production: the development mail catcher on
   * MAIL_CATCHER_SMTP_PORT. Unset in production: mail is kept in the outbox until it is set.
   */
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  /** The sender's address of every bank's mail (its name is the bank's); default no-reply@ the bank's first host. */
  MAIL_FROM: z.email({ error: 'メールアドレスが正しくありません' }).optional(),
  /** The development mail catcher (MailDev): its SMTP and web inbox ports, and whether `npm start` runs it. */
  MAIL_CATCHER_SMTP_PORT: z.coerce.number().int().min(0).max(65535).default(1025),
  MAIL_CATCHER_WEB_PORT: z.coerce.number().int().min(0).max(65535).default(1080),
  /** Loopback by default: the inbox shows every mail sent. */
  MAIL_CATCHER_HOST: z.string().default('127.0.0.1'),
  /** Default: on outside production, off in production. */
  START_MAIL_CATCHER: booleanFromEnv.optional(),
  /**
   * Where uploaded files' bytes live (server/storage/): `local` under DATA_DIR/files (one gateway, or
   * a shared volume), `s3` in a bucket of any S3-compatible store (several gateways).
   */
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  /** The bucket (required with STORAGE_DRIVER=s3); it is not created by the gateway. */
  S3_BUCKET: z.string().optional(),
  /** An S3-compatible store's address (MinIO, a cloud's S3 API); unset: AWS S3 itself. */
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  /** The region requests are signed for; us-east-1 is what most S3-compatible stores expect. */
  S3_REGION: z.string().default('us-east-1'),
  /** Bucket in the path (`{endpoint}/{bucket}/{key}`) instead of the host name: most self-hosted stores need it. */
  S3_FORCE_PATH_STYLE: booleanFromEnv.default(false),
  /**
   * The store's access key pair, both or neither (read through readSecret, never copied into the
   * config). Neither: the AWS SDK's own chain (AWS_* variables, the instance's or task's role).
   */
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /**
   * The model server that drafts needs for bank staff (AI-assisted needs, decision 0093): the base
   * URL of any OpenAI-compatible chat-completions API (`https://api.openai.com/v1`, a bank's own
   * `http://llm.internal:8000/v1`). Unset: the built-in writer composes the text from the
   * company's data and the style's template, and no company data leaves the gateway.
   */
  NEED_WRITER_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** The model the server is asked for (required with NEED_WRITER_BASE_URL). */
  NEED_WRITER_MODEL: z.string().optional(),
  /** The server's API key, if it takes one (read through readSecret, never copied into the config). */
  NEED_WRITER_API_KEY: z.string().optional(),
  /** How long one draft may take before staff are told エラーが発生しました. */
  NEED_WRITER_TIMEOUT_MS: timeoutMs(30_000),
});

export type ServerEnv = z.infer<typeof serverEnvSchema>;

/** Fastify's trustProxy: false, true (any hop) or the proxies' addresses. */
function parseTrustProxy(value: string): boolean | string[] {
  const trimmed = value.trim();
  if (trimmed === '' || trimmed === 'false') return false;
  if (trimmed === 'true') return true;
  return trimmed.split(',').map((entry) => entry.trim());
}

/** `public=internal` origin pairs, comma-separated, into a map from the public origin. */
function parseOriginMap(value: string): ReadonlyMap<string, string> {
  const pairs = value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
    .map((entry) => {
      const [from = '', to = ''] = entry.split('=');
      const fromUrl = URL.parse(from.trim());
      const toUrl = URL.parse(to.trim());
      if (!fromUrl || !toUrl)
        throw new Error(`環境変数が正しくありません:\nOIDC_BACKCHANNEL_ORIGINS: ${entry}`);
      return [fromUrl.origin, toUrl.origin] as const;
    });
  return new Map(pairs);
}

/** Where uploaded files live (server/storage/create-file-storage.ts builds the storage from it). */
export type StorageConfig =
  | { driver: 'local'; directory: string }
  | { driver: 's3'; bucket: string; endpoint?: string; region: string; forcePathStyle: boolean };

function storageConfigOf(env: ServerEnv, dataDir: string): StorageConfig {
  const problems: string[] = [];
  if (env.STORAGE_DRIVER === 's3' && env.S3_BUCKET === undefined)
    problems.push('S3_BUCKET: STORAGE_DRIVER=s3 ではバケット名が必須です');
  if ((env.S3_ACCESS_KEY_ID === undefined) !== (env.S3_SECRET_ACCESS_KEY === undefined))
    problems.push(
      'S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY: 両方を指定してください（どちらも指定しなければ AWS SDK の既定の認証情報を使います）',
    );
  if (problems.length > 0) throw new Error(`環境変数が正しくありません:\n${problems.join('\n')}`);
  if (env.STORAGE_DRIVER === 'local' || env.S3_BUCKET === undefined)
    return { driver: 'local', directory: path.join(dataDir, 'files') };
  return {
    driver: 's3',
    bucket: env.S3_BUCKET,
    ...(env.S3_ENDPOINT === undefined ? {} : { endpoint: env.S3_ENDPOINT }),
    region: env.S3_REGION,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
  };
}

/** Who drafts the AI-assisted needs: a model server, or (none configured) the built-in template writer. */
export type NeedWriterConfig =
  { kind: 'template' } | { kind: 'openai'; baseUrl: string; model: string; timeoutMs: number };

function needWriterConfigOf(env: ServerEnv): NeedWriterConfig {
  if (env.NEED_WRITER_BASE_URL === undefined) return { kind: 'template' };
  if (env.NEED_WRITER_MODEL === undefined)
    throw new Error(
      '環境変数が正しくありません:\nNEED_WRITER_MODEL: NEED_WRITER_BASE_URL を指定したときはモデル名が必須です',
    );
  return {
    kind: 'openai',
    baseUrl: env.NEED_WRITER_BASE_URL,
    model: env.NEED_WRITER_MODEL,
    timeoutMs: env.NEED_WRITER_TIMEOUT_MS,
  };
}

/** Parses an environment (process.env in main.ts, a plain object in tests) into the server's config. */
export function loadServerConfig(environment: Record<string, string | undefined>, rootDir: string) {
  // An empty variable (`DATABASE_URL=`, or compose's `${VAR:-}`) means "not set", as in most tools.
  const setVariables = Object.fromEntries(Object.entries(environment).filter(([, value]) => value !== ''));
  const parsed = serverEnvSchema.safeParse(setVariables);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`環境変数が正しくありません:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const fromRoot = (dir: string) => path.resolve(rootDir, dir);
  const dataDir = fromRoot(env.DATA_DIR);
  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    logLevel: env.LOG_LEVEL,
    accessLog: { level: env.ACCESS_LOG_LEVEL, staticSampleRate: env.ACCESS_LOG_STATIC_SAMPLE_RATE },
    databaseUrl: env.DATABASE_URL,
    databaseTimeouts: {
      connectMs: env.DATABASE_CONNECT_TIMEOUT_MS,
      statementMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
      idleInTransactionMs: env.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
      migrationMs: env.DATABASE_MIGRATION_TIMEOUT_MS,
    },
    dataDir,
    redisUrl: env.REDIS_URL,
    redisKeyPrefix: env.REDIS_KEY_PREFIX,
    tenantsDir: fromRoot(env.TENANTS_DIR),
    themesDir: fromRoot(env.THEMES_DIR),
    clientDistDir: fromRoot(env.CLIENT_DIST_DIR),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    tenantWatch: env.TENANT_WATCH,
    /** bank{code}.localhost answers outside production only. */
    devHosts: env.NODE_ENV !== 'production',
    publicApiUrl: env.PUBLIC_API_URL,
    buildVersion: env.BUILD_VERSION,
    sentryDsn: env.SENTRY_DSN ?? null,
    analyticsTags: env.NODE_ENV === 'production' || env.ANALYTICS_OUTSIDE_PRODUCTION,
    inquiryRateLimit: { max: env.INQUIRY_RATE_LIMIT_MAX, timeWindowMs: 10 * 60 * 1000 },
    loginRateLimit: { max: env.LOGIN_RATE_LIMIT_MAX, timeWindowMs: 60 * 1000 },
    registrationRateLimit: { max: env.REGISTRATION_RATE_LIMIT_MAX, timeWindowMs: 10 * 60 * 1000 },
    reminderRateLimit: { max: env.REMINDER_RATE_LIMIT_MAX, timeWindowMs: 10 * 60 * 1000 },
    employeeInvitationRateLimit: {
      max: env.EMPLOYEE_INVITATION_RATE_LIMIT_MAX,
      timeWindowMs: 24 * 60 * 60 * 1000,
    },
    anonymousApiRateLimit: { max: env.ANONYMOUS_API_RATE_LIMIT_MAX, timeWindowMs: 60 * 1000 },
    apiDocs: env.API_DOCS ?? env.NODE_ENV !== 'production',
    /** Required by the gateway in production (server/auth/auth-plugin.ts refuses to start without it). */
    sessionSecret:
      env.SESSION_SECRET ??
      (env.NODE_ENV === 'production' ? undefined : 'development-only-session-secret-not-for-production'),
    supportDeskSigningSecret:
      env.SUPPORT_DESK_SIGNING_SECRET ??
      (env.NODE_ENV === 'production' ? undefined : 'development-only-support-desk-signing-secret'),
    oidcAllowHttpIssuers: env.OIDC_ALLOW_HTTP_ISSUERS || env.NODE_ENV !== 'production',
    oidcBackchannelOrigins: parseOriginMap(env.OIDC_BACKCHANNEL_ORIGINS),
    idp: {
      port: env.IDP_PORT,
      host: env.IDP_HOST ?? env.HOST,
      start: env.START_IDP ?? env.NODE_ENV !== 'production',
    },
    paymentGateway: {
      url:
        env.PAYMENT_GATEWAY_URL ??
        (env.NODE_ENV === 'production' ? undefined : `http://127.0.0.1:${env.PAYMENT_GATEWAY_PORT}`),
      port: env.PAYMENT_GATEWAY_PORT,
      host: env.PAYMENT_GATEWAY_HOST ?? env.HOST,
      start: env.START_PAYMENT_GATEWAY ?? env.NODE_ENV !== 'production',
    },
    mail: {
      smtpUrl:
        env.SMTP_URL ??
        (env.NODE_ENV === 'production' ? undefined : `smtp://127.0.0.1:${env.MAIL_CATCHER_SMTP_PORT}`),
      from: env.MAIL_FROM,
      catcher: {
        smtpPort: env.MAIL_CATCHER_SMTP_PORT,
        webPort: env.MAIL_CATCHER_WEB_PORT,
        host: env.MAIL_CATCHER_HOST,
        start: env.START_MAIL_CATCHER ?? env.NODE_ENV !== 'production',
      },
    },
    storage: storageConfigOf(env, dataDir),
    needWriter: needWriterConfigOf(env),
    /**
     * A secret named by a tenant file (oidc.client_secret_env): tenant files name the variable, never
     * the value. Only the named variable is read, and only through this function.
     */
    readSecret: (name: string): string | undefined => setVariables[name],
  };
}

export type ServerConfig = ReturnType<typeof loadServerConfig>;

/** The running process's config (server/main.ts): the one place process.env is read. */
export function loadProcessConfig(rootDir: string): ServerConfig {
  return loadServerConfig(process.env, rootDir);
}
