/**
 * The part of oidc-provider 9 this folder uses. The package ships no type declarations (and
 * @types/oidc-provider is not a dependency), so the shapes are written here from its source
 * (node_modules/oidc-provider/lib) and its documentation. Configuration stays loosely typed: the
 * provider validates it at construction.
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export type AdapterPayload = Record<string, unknown> & {
    grantId?: string;
    userCode?: string;
    uid?: string;
    jti?: string;
  };

  /** https://github.com/panva/node-oidc-provider/blob/main/example/my_adapter.js */
  export interface Adapter {
    upsert(id: string, payload: AdapterPayload, expiresIn: number | undefined): Promise<void>;
    find(id: string): Promise<AdapterPayload | undefined>;
    findByUserCode(userCode: string): Promise<AdapterPayload | undefined>;
    findByUid(uid: string): Promise<AdapterPayload | undefined>;
    consume(id: string): Promise<void>;
    destroy(id: string): Promise<void>;
    revokeByGrantId(grantId: string): Promise<void>;
  }
  export type AdapterFactory = (modelName: string) => Adapter;

  export interface ProviderClient {
    clientId: string;
  }

  export interface KoaContextWithOIDC {
    oidc: {
      client?: ProviderClient;
      session?: {
        accountId?: string;
        grantIdFor(clientId: string): string | undefined;
        /** When the login session began (seconds since the epoch). */
        authTime(): number | undefined;
      };
      result?: { consent?: { grantId?: string } };
      requestParamOIDCScopes: Set<string>;
      requestParamClaims: Set<string>;
      provider: Provider;
    };
    type: string;
    body: unknown;
    status: number;
    host: string;
  }

  export interface FoundAccount {
    accountId: string;
    claims(use: string, scope: string): Promise<Record<string, unknown>> | Record<string, unknown>;
  }

  export type Configuration = Record<string, unknown>;

  export interface Interaction {
    uid: string;
    prompt: { name: string; reasons: string[]; details: Record<string, unknown> };
    params: Record<string, unknown>;
    session?: { accountId?: string; uid?: string };
  }

  export interface InteractionResults {
    login?: { accountId: string; remember?: boolean; amr?: string[]; acr?: string };
    error?: string;
    error_description?: string;
  }

  interface TokenBase {
    accountId: string;
    clientId: string;
    grantId: string;
    scope?: string;
    /** The grant types that made the token, space-separated (`authorization_code`, `… refresh_token`). */
    gty?: string;
    exp: number;
    /** Seconds the token lives from now. */
    readonly expiration: number;
    isExpired: boolean;
    isValid: boolean;
    save(): Promise<string>;
  }

  export interface GrantInstance {
    jti: string;
    accountId: string;
    clientId: string;
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: string[]): void;
    getOIDCScope(): string;
    save(): Promise<string>;
  }

  export interface GrantModel {
    new (properties: { accountId: string; clientId: string }): GrantInstance;
    find(id: string): Promise<GrantInstance | undefined>;
  }

  interface TokenModel<T> {
    new (properties: Record<string, unknown>): T;
    find(value: string, options?: { ignoreExpiration?: boolean }): Promise<T | undefined>;
  }

  export interface IdTokenInstance {
    scope: string;
    set(key: string, value: unknown): void;
    issue(options: { use: 'idtoken' }): Promise<string>;
  }

  export interface ClientModel {
    find(id: string): Promise<(ProviderClient & Record<string, unknown>) | undefined>;
  }

  export class Provider {
    constructor(issuer: string, configuration: Configuration);
    readonly issuer: string;
    proxy: boolean;
    /** Koa's request prototype: the `request` of every context the provider makes inherits from it. */
    readonly request: object;
    callback(): (req: IncomingMessage, res: ServerResponse) => Promise<void>;
    on(event: string, listener: (...args: unknown[]) => void): this;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
    interactionResult(
      req: IncomingMessage,
      res: ServerResponse,
      result: InteractionResults,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<string>;
    readonly Grant: GrantModel;
    readonly AccessToken: TokenModel<TokenBase & { kind: 'AccessToken' }>;
    readonly RefreshToken: TokenModel<TokenBase & { kind: 'RefreshToken' }>;
    readonly IdToken: new (
      claims: Record<string, unknown>,
      options: { client: ProviderClient },
    ) => IdTokenInstance;
    readonly Client: ClientModel;
  }

  export const errors: Record<string, new (...args: unknown[]) => Error>;

  /** The prompts' checks (what makes the provider show its login page again). */
  export namespace interactionPolicy {
    class Check {
      static readonly REQUEST_PROMPT: true;
      static readonly NO_NEED_TO_PROMPT: false;
      constructor(
        reason: string,
        description: string,
        check: (ctx: KoaContextWithOIDC) => boolean | Promise<boolean>,
      );
    }
    interface Prompt {
      name: string;
      checks: { add(check: Check, index?: number): void };
    }
    interface Policy extends Array<Prompt> {
      get(name: string): Prompt | undefined;
    }
    function base(): Policy;
  }
  export default Provider;
}

declare module 'oidc-provider/lib/adapters/memory_adapter.js' {
  import type { AdapterFactory } from 'oidc-provider';

  /** oidc-provider's own development adapter, with a store of the caller's (not its module-wide one). */
  export function createMemoryAdapter(clockTolerance?: number): AdapterFactory;
}
