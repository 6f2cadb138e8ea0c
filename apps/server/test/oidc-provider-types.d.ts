/** The little of `oidc-provider` that the tests use (the package ships no types). */
declare module 'oidc-provider' {
  import type { Server } from 'node:http';

  interface FoundAccount {
    accountId: string;
    claims: () => Record<string, unknown>;
  }

  export default class Provider {
    constructor(
      issuer: string,
      configuration: Record<string, unknown> & {
        findAccount?: (ctx: unknown, sub: string) => FoundAccount | undefined;
      },
    );
    proxy: boolean;
    listen(port: number, host: string): Server;
  }
}
