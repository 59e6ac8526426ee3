/**
 * The one way the client talks to the API. Every request includes
 * credentials; a non-2xx answer becomes an error whose message is
 * "<status>: <body text or status text>" (docs/product.md#texts-and-messages), carrying the status and
 * the API's error code so callers can react to a code, not to text.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type QueryValue = string | number | boolean | readonly string[] | null | undefined;

/** `/api/x?a=1&b=2`, leaving out empty values; arrays become comma-separated lists. */
export function apiUrl(path: string, query: Record<string, QueryValue> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      if (value.length > 0) params.set(key, value.join(','));
    } else params.set(key, String(value));
  }
  const search = params.toString();
  return `/api${path}${search ? `?${search}` : ''}`;
}

async function errorFrom(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  let code: string | undefined;
  try {
    code = (JSON.parse(text) as { code?: string }).code;
  } catch {
    code = undefined;
  }
  return new ApiError(response.status, `${response.status}: ${text || response.statusText}`, code);
}

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
  /** Extra headers, such as an Idempotency-Key. */
  headers?: Record<string, string>;
}

/** How a request reaches the API: the browser's fetch, or the server's own when it renders a page. */
export type ApiTransport = (url: string, init: RequestInit) => Promise<Response>;
let transport: ApiTransport = (url, init) => fetch(url, init);

/** The language the page is shown in, sent with each call: the server writes a user's mails in it (docs/mail.md#language). */
let siteLanguage: string | null = null;
export function setApiLanguage(language: string) {
  siteLanguage = language;
}

/**
 * The server's page renderer answers the app's reads itself, without a network round trip
 * (docs/rendering.md#data); the browser never calls this.
 */
export function setApiTransport(next: ApiTransport) {
  transport = next;
}

/** Sends a request and answers the raw Response of a 2xx, else throws an ApiError. */
export async function apiFetch(path: string, { method = 'GET', query, body, signal, headers }: ApiRequest = {}) {
  const response = await transport(apiUrl(path, query), {
    method,
    credentials: 'include',
    headers: {
      Accept: 'application/json',
      // FormData (a photo) sets its own multipart Content-Type with the boundary.
      ...(body === undefined || body instanceof FormData ? {} : { 'Content-Type': 'application/json' }),
      ...(siteLanguage ? { 'X-Site-Language': siteLanguage } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
    signal,
    // Public answers may be cached for a minute (for CDNs, docs/read-model.md#http-caching); the app itself
    // asks the server each time, which answers 304 when nothing changed, so a change shows at once.
    cache: 'no-cache',
  });
  if (!response.ok) throw await errorFrom(response);
  return response;
}

/** Sends a request and answers its JSON body. */
export async function api<T>(path: string, request?: ApiRequest): Promise<T> {
  const response = await apiFetch(path, request);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}
