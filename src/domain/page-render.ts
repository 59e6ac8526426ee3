import type { Language } from './languages.js';

/** The id of the JSON block with a rendered page's state (docs/rendering.md#the-page-state). */
export const PAGE_STATE_ID = 'page-state';

/** JSON for a script element: `<` never appears, so no text can close the element. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * The contract between the server and the web client's page renderer (docs/rendering.md): the
 * renderer is built from the client's own components (src/client/entry-server.tsx, to
 * dist/ssr/entry-server.js) and loaded by the server at start.
 */
export interface PageRenderer {
  /** How the renderer reads the API (the server's own routes, in process) and reports errors. */
  connect(options: { fetchApi: (url: string) => Promise<Response>; logError: (error: unknown) => void }): void;
  /**
   * Renders the page at `url` (path and query) in `language`, once every part of it is ready.
   * `body` is the HTML inside #root; `state` is the page state's JSON, for hydration.
   */
  render(request: { url: string; language: Language }): Promise<RenderedPage>;
}

export interface RenderedPage {
  body: AsyncIterable<Uint8Array | string>;
  state: string;
}
