import http from 'node:http';

/** A small HTTP client for the fault tests: keep-alive, a timeout, JSON bodies, the session cookie. */
export interface Response {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

export function request(
  baseUrl: string,
  options: { path: string; method?: string; cookie?: string; json?: unknown; timeoutMs?: number },
): Promise<Response> {
  const body = options.json === undefined ? undefined : JSON.stringify(options.json);
  return new Promise((resolve, reject) => {
    const req = http.request(
      baseUrl + options.path,
      {
        method: options.method ?? 'GET',
        agent,
        timeout: options.timeoutMs ?? 15_000,
        headers: {
          ...(options.cookie ? { cookie: options.cookie } : {}),
          ...(body !== undefined
            ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) }
            : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}
