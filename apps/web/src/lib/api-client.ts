import i18next from 'i18next';

import type { ErrorBody } from '@drapeau/shared';

import { ApiError } from './api-error';

export { ApiError, isApiError } from './api-error';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface RequestOptions {
  body?: unknown;
  signal?: AbortSignal | undefined;
}

const NOT_JSON = Symbol('not-json');

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return NOT_JSON; // an empty body, a proxy's page
  }
}

/**
 * Whether a failure's body is ours, `{ error: { code, message, … } }`. Only the shape is checked: past it, the server's
 * error handler wrote the body (docs/architecture.md#web-app).
 */
function isErrorBody(json: unknown): json is ErrorBody {
  if (typeof json !== 'object' || json === null || !('error' in json)) return false;
  const { error } = json;
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    typeof error.code === 'string' &&
    'message' in error &&
    typeof error.message === 'string'
  );
}

/** docs/architecture.md#web-app: "status: text" when the server did not answer with our error body. */
async function toApiError(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  const json = parseJson(text);
  if (isErrorBody(json)) {
    const { code, message, retryAfterSeconds, issues, problems, warnings, skipped, ban } = json.error;
    return new ApiError({ status: response.status, code, message, retryAfterSeconds, issues, problems, warnings, skipped, ban });
  }
  return new ApiError({
    status: response.status,
    code: 'BAD_RESPONSE',
    message: `${response.status}: ${text || response.statusText}`,
  });
}

function buildInit(method: Method, options: RequestOptions): RequestInit {
  // The server writes account mails in this language (a reset link asked for in French arrives in French).
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': i18next.language || 'en' };
  const init: RequestInit = { method, credentials: 'include', headers };
  if (options.signal) init.signal = options.signal;
  if (options.body instanceof Blob) {
    // Raw bytes (an avatar image), sent with their own type.
    headers['Content-Type'] = options.body.type || 'application/octet-stream';
    init.body = options.body;
  } else if (options.body instanceof FormData) {
    init.body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(options.body);
  }
  return init;
}

/**
 * Calls the API and returns its JSON answer as `T`, the type of the route's response schema in `@drapeau/shared`.
 * The answer is not parsed again here: the server wrote it through that very schema (its serializer), and checking it
 * a second time meant building every schema of the contract on each page (docs/conventions.md#validation-and-errors).
 * Throws ApiError on any failure and does nothing else: no toasts, no redirects.
 */
async function request<T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
  const url = new URL(path, window.location.origin);
  let response: Response;
  try {
    response = await fetch(url, buildInit(method, options));
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    const message = error instanceof Error ? error.message : 'Network request failed';
    throw new ApiError({ status: 0, code: 'NETWORK', message });
  }
  return readAnswer<T>(response, `${method} ${path}`);
}

/**
 * A response's JSON answer as `T`, or the ApiError of a failure (our error body, or "status: text") or of an answer that
 * is not JSON (BAD_RESPONSE). For the few calls that need the Response itself (a lab reads its headers).
 */
export async function readAnswer<T>(response: Response, request: string): Promise<T> {
  if (!response.ok) throw await toApiError(response);
  const json = parseJson(await response.text());
  if (json === NOT_JSON) {
    throw new ApiError({ status: response.status, code: 'BAD_RESPONSE', message: `Unexpected response from ${request}` });
  }
  return json as T;
}

/** Each call names the answer's type: `apiClient.get<PublicChallenge>(path)`. */
export const apiClient = {
  get: <T>(path: string, options?: Pick<RequestOptions, 'signal'>) => request<T>('GET', path, options),
  post: <T>(path: string, body: unknown) => request<T>('POST', path, { body }),
  put: <T>(path: string, body: unknown) => request<T>('PUT', path, { body }),
  patch: <T>(path: string, body: unknown) => request<T>('PATCH', path, { body }),
  delete: <T>(path: string) => request<T>('DELETE', path),
};
