// oidc-provider ships no types and @types/oidc-provider is not installed; tests use a tiny surface.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface KoaLikeContext {
    path: string;
    method: string;
    status: number;
    body: unknown;
  }

  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    issuer: string;
    proxy: boolean;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    use(middleware: (ctx: KoaLikeContext, next: () => Promise<void>) => Promise<void>): void;
  }
}
