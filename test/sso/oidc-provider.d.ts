// The part of oidc-provider (it ships no types) the SSO tests use.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface Account {
    accountId: string;
    claims(): Record<string, unknown>;
  }
  interface Context {
    path: string;
    body: unknown;
    response: { get(header: string): string | undefined; set(header: string, value: string): void };
  }
  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown> & { findAccount(ctx: unknown, id: string): Promise<Account> });
    use(middleware: (ctx: Context, next: () => Promise<void>) => Promise<void>): void;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
  }
}
