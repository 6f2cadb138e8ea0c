import i18next from 'i18next';

import { ApiError } from './api-error';
import { ErrorBodySchema } from './first-load-schemas';

export { ApiError, isApiError } from './api-error';
/** Anything that parses an unknown body into T; every zod schema of @drapeau/shared fits. */
export interface ResponseSchema<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false };
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface RequestOptions {
  body?: unknown;
  signal?: AbortSignal | undefined;
}

const NO_BODY = Symbol('no-body');

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return NO_BODY;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return NO_BODY;
  }
}

/** docs/architecture.md#web-app: "status: text" when the server did not answer with our error body. */
async function toApiError(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  let json: unknown = undefined;
  try {
    json = JSON.parse(text);
  } catch {
    // Not JSON (a proxy page, an empty body): reported as BAD_RESPONSE below.
  }
  const parsed = ErrorBodySchema.safeParse(json);
  if (parsed.success) {
    const { code, message, retryAfterSeconds, issues, problems, warnings, skipped, ban } = parsed.data.error;
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
 * Calls the API and returns the body parsed by `schema`. Throws ApiError on any failure and does nothing else:
 * no toasts, no redirects (docs/conventions.md#validation-and-errors).
 */
async function request<T>(method: Method, path: string, schema: ResponseSchema<T>, options: RequestOptions = {}): Promise<T> {
  const url = new URL(path, window.location.origin);
  let response: Response;
  try {
    response = await fetch(url, buildInit(method, options));
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    const message = error instanceof Error ? error.message : 'Network request failed';
    throw new ApiError({ status: 0, code: 'NETWORK', message });
  }
  if (!response.ok) throw await toApiError(response);

  const json = await readJson(response);
  const parsed = json === NO_BODY ? null : schema.safeParse(json);
  if (!parsed?.success) {
    throw new ApiError({
      status: response.status,
      code: 'BAD_RESPONSE',
      message: `Unexpected response from ${method} ${path}`,
    });
  }
  return parsed.data;
}

export const apiClient = {
  get: <T>(path: string, schema: ResponseSchema<T>, options?: Pick<RequestOptions, 'signal'>) =>
    request('GET', path, schema, options),
  post: <T>(path: string, body: unknown, schema: ResponseSchema<T>) => request('POST', path, schema, { body }),
  put: <T>(path: string, body: unknown, schema: ResponseSchema<T>) => request('PUT', path, schema, { body }),
  patch: <T>(path: string, body: unknown, schema: ResponseSchema<T>) => request('PATCH', path, schema, { body }),
  delete: <T>(path: string, schema: ResponseSchema<T>) => request('DELETE', path, schema),
};
