import type { IncomingHttpHeaders } from 'node:http';

/**
 * The client's address as Fastify decided it (`request.ip`: the connection's peer, or the forwarding headers' client
 * when TRUST_PROXY is set), the only header better-auth reads an address from (`advanced.ipAddress` in better-auth.ts).
 * It replaces a client's own header of that name, so no one names the address their session shows on /account.
 */
export const CLIENT_ADDRESS_HEADER = 'x-drapeau-client-address';

/** A request's header object as a Fetch `Headers`, which better-auth reads, with the client's address of our own. */
export function toWebHeaders(request: { headers: IncomingHttpHeaders; ip: string }): Headers {
  const result = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name.startsWith(':')) continue;
    try {
      if (Array.isArray(value)) for (const v of value) result.append(name, v);
      else result.set(name, value);
    } catch {
      // A value Fetch refuses (a NUL byte, which only an in-process request can carry): left out, not a 500.
    }
  }
  // `set`, not `append`: whatever the client sent under this name is gone.
  result.set(CLIENT_ADDRESS_HEADER, request.ip);
  return result;
}
