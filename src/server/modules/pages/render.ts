import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { PageRenderer } from '../../../domain/page-render.js';

/**
 * Loads the page renderer built from the web client (docs/rendering.md), when there is one, and
 * connects it to this server: its reads go to the API's own routes in process (app.inject), so a
 * page shows exactly what the API would answer the browser, through the same read model.
 */
export async function loadPageRenderer(app: FastifyInstance, file: string): Promise<PageRenderer | null> {
  if (!existsSync(file)) {
    app.log.warn({ file }, 'no page renderer built: pages are drawn by the browser (run `npm run build`)');
    return null;
  }
  const { renderer } = (await import(pathToFileURL(file).href)) as { renderer: PageRenderer };
  renderer.connect({
    fetchApi: async (url) => {
      const answer = await app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
      const headers = new Headers();
      for (const [name, value] of Object.entries(answer.headers)) {
        if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
      }
      const empty = answer.statusCode === 204 || answer.statusCode === 304;
      return new Response(empty ? null : answer.body, { status: answer.statusCode, headers });
    },
    logError: (error) => app.log.error({ err: error }, 'rendering a page failed'),
  });
  return renderer;
}
