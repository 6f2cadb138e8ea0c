import type { IncomingHttpHeaders } from 'node:http';

/** Node's header object as a Fetch `Headers`, which better-auth reads. */
export function toWebHeaders(headers: IncomingHttpHeaders): Headers {
  const result = new Headers();
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || name.startsWith(':')) continue;
    try {
      if (Array.isArray(value)) for (const v of value) result.append(name, v);
      else result.set(name, value);
    } catch {
      // A value Fetch refuses (a NUL byte, which only an in-process request can carry): left out, not a 500.
    }
  }
  return result;
}
