import type { App } from '../app.js';

export interface JsonResponse<T = unknown> {
  status: number;
  body: T;
  headers: Record<string, string | string[] | number | undefined>;
  text: string;
}

/** GET through the app's router (no port), parsing the JSON answer. */
export async function getJson<T = unknown>(app: App, url: string): Promise<JsonResponse<T>> {
  const res = await app.inject({ method: 'GET', url });
  let body: unknown;
  try {
    body = res.json();
  } catch {
    body = undefined;
  }
  return { status: res.statusCode, body: body as T, headers: res.headers, text: res.body };
}
