import { request } from 'node:http';

/** An answer of the engine other than 2xx: its status and the engine's message. */
export class EngineError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(`container engine: ${status} ${message}`);
  }
}

const MAX_ANSWER_BYTES = 4 * 1024 * 1024;

/**
 * The Docker Engine API over its Unix socket (Docker, or Podman's compatible service), as plain JSON requests: the few
 * calls container-engine-provider.ts makes. Each request is bounded in time and in the size of its answer.
 */
export function createEngineApi(options: { socketPath: string; timeoutMs?: number }) {
  const timeout = options.timeoutMs ?? 60_000;
  return async function call<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    return new Promise<T>((resolve, reject) => {
      const req = request(
        {
          socketPath: options.socketPath,
          method,
          path: `/v1.41${path}`,
          timeout,
          headers: payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {},
        },
        (res) => {
          const chunks: Buffer[] = [];
          let size = 0;
          res.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > MAX_ANSWER_BYTES) req.destroy(new Error('container engine: answer too large'));
            else chunks.push(chunk);
          });
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            const status = res.statusCode ?? 0;
            if (status < 200 || status >= 300) {
              let message = text;
              try {
                message = (JSON.parse(text) as { message?: string }).message ?? text;
              } catch {
                // not JSON: the text as it came
              }
              reject(new EngineError(status, message.trim()));
              return;
            }
            try {
              resolve((text === '' ? undefined : JSON.parse(text)) as T);
            } catch (error) {
              reject(error instanceof Error ? error : new Error(String(error)));
            }
          });
          res.on('error', reject);
        },
      );
      req.on('timeout', () => req.destroy(new Error(`container engine: no answer within ${timeout} ms`)));
      req.on('error', reject);
      req.end(payload);
    });
  };
}
export type EngineApi = ReturnType<typeof createEngineApi>;

/** The last part of a build's or a pull's log that is kept (the end says what failed). */
const MAX_LOG_CHARS = 64 * 1024;

/**
 * The engine's streamed answers (POST /build with a tar context, POST /images/create to pull): JSON lines of progress,
 * read to the end. Resolves with the log's text (its last 64 KB) and whether the engine reported an error in it; a
 * status other than 2xx rejects with an EngineError.
 */
export function createEngineStream(options: { socketPath: string; timeoutMs?: number }) {
  const timeout = options.timeoutMs ?? 15 * 60_000;
  return function stream(
    path: string,
    body?: { data: Buffer; contentType: string },
  ): Promise<{ log: string; error: string | null }> {
    return new Promise((resolve, reject) => {
      const req = request(
        {
          socketPath: options.socketPath,
          method: 'POST',
          path: `/v1.41${path}`,
          timeout,
          headers: body ? { 'content-type': body.contentType, 'content-length': body.data.length } : {},
        },
        (res) => {
          let log = '';
          let pending = '';
          let error: string | null = null;
          const status = res.statusCode ?? 0;
          const take = (line: string) => {
            if (line.trim() === '') return;
            let text = line;
            try {
              const json = JSON.parse(line) as { stream?: string; status?: string; error?: string; message?: string };
              if (json.error) error = json.error.trim();
              text = json.stream ?? json.status ?? json.error ?? json.message ?? '';
            } catch {
              // not JSON: the line as it came
            }
            log = (log + (text.endsWith('\n') ? text : `${text}\n`)).slice(-MAX_LOG_CHARS);
          };
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            pending += chunk;
            const lines = pending.split('\n');
            pending = lines.pop() ?? '';
            lines.forEach(take);
          });
          res.on('end', () => {
            take(pending);
            if (status < 200 || status >= 300) reject(new EngineError(status, error ?? log.trim()));
            else resolve({ log, error });
          });
          res.on('error', reject);
        },
      );
      req.on('timeout', () => req.destroy(new Error(`container engine: not done within ${timeout} ms`)));
      req.on('error', reject);
      req.end(body?.data);
    });
  };
}
export type EngineStream = ReturnType<typeof createEngineStream>;
