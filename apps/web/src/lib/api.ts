import type { ErrorBody } from '@leadline/shared';

/** An error answer of the API (`{error: {code, message, field?}}`), or a network failure (status 0). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly field: string | undefined;

  constructor(status: number, code: string, message: string, field?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.field = field;
  }

  /** The message without the server's "field: " prefix, for display next to that field. */
  get fieldMessage(): string {
    const prefix = `${this.field}: `;
    return this.field && this.message.startsWith(prefix) ? this.message.slice(prefix.length) : this.message;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
export type QueryParams = Record<string, string | number | undefined>;

function urlWith(path: string, params?: QueryParams): string {
  if (!params) return path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

async function errorFrom(response: Response): Promise<ApiError> {
  const body = (await response.json().catch(() => null)) as Partial<ErrorBody> | null;
  const error = body?.error;
  if (error && typeof error.message === 'string') {
    return new ApiError(response.status, error.code ?? 'UNKNOWN', error.message, error.field);
  }
  return new ApiError(response.status, 'UNKNOWN', `The server answered ${response.status} ${response.statusText}.`.trim());
}

export type RequestOptions = { body?: unknown; params?: QueryParams; headers?: Record<string, string> };

async function request<T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
  const init: RequestInit = { method, credentials: 'same-origin', headers: { accept: 'application/json', ...options.headers } };
  if (options.body !== undefined) {
    init.body = JSON.stringify(options.body);
    init.headers = { ...init.headers, 'content-type': 'application/json' };
  }
  let response: Response;
  try {
    response = await fetch(urlWith(path, options.params), init);
  } catch {
    throw new ApiError(0, 'NETWORK', 'Could not reach the server. Please check your connection and try again.');
  }
  if (!response.ok) throw await errorFrom(response);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

/** The JSON client of the Leadline API: same origin, session cookie, typed answers, ApiError on failure. */
export const api = {
  get: <T>(path: string, params?: QueryParams) => request<T>('GET', path, params ? { params } : {}),
  post: <T>(path: string, body?: unknown, headers?: Record<string, string>) => request<T>('POST', path, headers ? { body, headers } : { body }),
  patch: <T>(path: string, body?: unknown) => request<T>('PATCH', path, { body }),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, { body }),
  delete: <T>(path: string, body?: unknown) => request<T>('DELETE', path, body === undefined ? {} : { body }),
};
