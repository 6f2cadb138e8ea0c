import type { InstanceEndpoint } from '@drapeau/shared';

/**
 * How a player reaches a service (docs/product.md "Challenge instances"): the address to copy (a URL, or `host port`),
 * whether it opens in the browser, and the line to paste in a terminal (`nc host port`, `ssh -p port user@host`).
 */
export interface Connection {
  address: string;
  url: string | null;
  command: string | null;
}

/** A running instance's endpoint, as the server describes it. */
export function connectionFromEndpoint(endpoint: InstanceEndpoint): Connection {
  if (endpoint.url !== null) return { address: endpoint.url, url: endpoint.url, command: null };
  return { address: `${endpoint.host} ${endpoint.port}`, url: null, command: endpoint.command };
}

/**
 * A challenge's `connection_info` as authors write it (ctfcli): a URL, `host port`, `nc host port`, an `ssh` line, or
 * any other text (shown as it is, to copy).
 */
export function connectionFromInfo(info: string): Connection {
  const text = info.trim();
  if (/^https?:\/\/\S+$/i.test(text)) return { address: text, url: text, command: null };
  const hostPort = /^(?:nc|ncat|netcat)?\s*(?:-\w+\s+)*([\w.-]+|\[[0-9a-f:]+\])[\s:]+(\d{1,5})$/i.exec(text);
  if (hostPort) return { address: `${hostPort[1]} ${hostPort[2]}`, url: null, command: `nc ${hostPort[1]} ${hostPort[2]}` };
  const ssh = /^ssh\s+(?:.*\s)?(?:([\w.-]+)@)?([\w.-]+)(?:\s.*)?$/i.exec(text);
  const port = /-p\s*(\d{1,5})/.exec(text)?.[1];
  if (ssh) return { address: port ? `${ssh[2]} ${port}` : (ssh[2] ?? text), url: null, command: text };
  return { address: text, url: null, command: null };
}
