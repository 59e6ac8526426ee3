import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PageRenderer } from '../../../domain/page-render.js';
import type { Deps } from '../../deps.js';
import type { CatalogModel } from '../catalog/model.js';
import { AppError } from '../../errors.js';
import { loadSharp } from '../../sharp.js';
import { escapeHtml, pageHead, pageHtml } from './head.js';
import { paintFirst } from './paint-first.js';
import { type PageTarget, targetOf } from '../../../domain/pages.js';
import { pageLanguage } from './language.js';
import { PAGE_STATE_ID } from '../../../domain/page-render.js';
import { isPersonalPage } from '../../../domain/personal-urls.js';
import { robotsTxt, sitemapPartXml, sitemapXml } from './sitemap.js';
import { agendaCategoryOf } from '../../../domain/agenda.js';
import { todayInParis } from '../../../domain/dates.js';
import { agendaFor } from '../agenda/routes.js';

/** Link-preview pictures: the size Open Graph and Twitter cards ask for. */
const SHARE_WIDTH = 1200;
const SHARE_HEIGHT = 630;
/** The picture of pages without one of their own. */
const SITE_ARTWORK = 'viewpoints-1';

/**
 * Crawlers' files and link-preview pictures (docs/seo.md): /sitemap.xml, /robots.txt and
 * /images/share/<artwork>.png, a PNG of an activity's artwork (chat apps show no SVG).
 */
export const pageRoutes =
  (deps: Pick<Deps, 'catalog' | 'config' | 'clock'>): FastifyPluginAsyncZod =>
  async (app) => {
    const publicUrl = deps.config.auth.publicUrl;
    // Built once per snapshot of the read model (at 10,000 activities it is 50,000 addresses), not per request.
    const listings = new WeakMap<object, ReturnType<CatalogModel['listing']>>();
    const listing = () => {
      const model = deps.catalog.current;
      let found = listings.get(model);
      if (!found) listings.set(model, (found = model.listing()));
      return found;
    };
    const sitemaps = new WeakMap<object, string>();
    /** Each part of the sitemap, made once per snapshot (docs/seo.md#sitemap). */
    const sitemapParts = new WeakMap<object, Map<number, string>>();
    const sitemap = () => {
      const model = deps.catalog.current;
      let xml = sitemaps.get(model);
      if (xml === undefined) sitemaps.set(model, (xml = sitemapXml(publicUrl, listing())));
      return xml;
    };

    app.get('/sitemap.xml', { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) =>
      reply.type('application/xml; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(sitemap()),
    );

    app.get(
      '/sitemaps/:file',
      {
        config: { access: 'public' },
        schema: {
          hide: true,
          params: z.object({ file: z.string().regex(/^\d{1,4}\.xml$/, 'must be a part, such as 1.xml') }),
        },
      },
      async (request, reply) => {
        const number = Number.parseInt(request.params.file, 10);
        const model = deps.catalog.current;
        let kept = sitemapParts.get(model);
        if (!kept) sitemapParts.set(model, (kept = new Map()));
        let xml: string | null | undefined = kept.get(number);
        if (xml === undefined) {
          xml = sitemapPartXml(publicUrl, listing(), number);
          if (xml) kept.set(number, xml);
        }
        if (!xml) throw new AppError('NOT_FOUND', 'No such part of the sitemap');
        return reply.type('application/xml; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(xml);
      },
    );

    app.get('/robots.txt', { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .header('Cache-Control', 'public, max-age=86400')
        .send(robotsTxt(publicUrl)),
    );

    // Made once per artwork and kept: a dozen pictures of a few dozen KB.
    const made = new Map<string, Promise<Buffer>>();
    app.get(
      '/images/share/:file',
      {
        config: { access: 'public' },
        schema: {
          hide: true,
          params: z.object({
            file: z.string().regex(/^[a-z]+(-\d+)?\.png$/, 'must name a picture, such as markten-1.png'),
          }),
        },
      },
      async (request, reply) => {
        const name = request.params.file === 'site.png' ? SITE_ARTWORK : request.params.file.replace(/\.png$/, '');
        const source = path.join(deps.config.publicDir, 'images', 'activities', `${name}.svg`);
        let png = made.get(name);
        if (!png) {
          png = Promise.all([readFile(source), loadSharp()]).then(([svg, sharp]) =>
            sharp(svg, { density: 144 }).resize(SHARE_WIDTH, SHARE_HEIGHT, { fit: 'cover' }).png().toBuffer(),
          );
          made.set(name, png);
          png.catch(() => made.delete(name));
        }
        const bytes = await png.catch(() => null);
        if (!bytes) throw new AppError('NOT_FOUND', 'No such picture');
        return reply.type('image/png').header('Cache-Control', 'public, max-age=604800').send(bytes);
      },
    );
  };

/** Where the rendered app goes in the built index.html. */
const ROOT = '<div id="root"></div>';

/**
 * Answers a request for a page of the web client (docs/seo.md#pages): the built index.html
 * with the page's head (title, description, canonical and language alternates, link-preview
 * tags, JSON-LD) in the visitor's language, and the status the page deserves: 404 for an
 * unknown path or an activity that is not public. With a page renderer, a public page's body
 * is rendered too and streamed after the head (docs/rendering.md); the private pages (the
 * app's) stay empty for the browser to draw, as does any page the renderer fails on.
 */
export function pageResponder(
  deps: Pick<Deps, 'catalog' | 'config' | 'clock'>,
  template: string,
  renderer: PageRenderer | null = null,
  preloads: (kind: PageTarget['kind']) => string[] = () => [],
  boot: string | null = null,
) {
  const publicUrl = deps.config.auth.publicUrl;
  // A rendered page is painted before its scripts load (docs/rendering.md#paint-first); the private
  // pages, which the browser draws, load them at once. Its scripts depend on its kind only: each
  // kind's template is made once, not on every request.
  const scriptedTemplates = new Map<PageTarget['kind'], string>();
  const scriptedTemplate = (kind: PageTarget['kind']) => {
    let made = scriptedTemplates.get(kind);
    if (made === undefined) {
      made =
        boot !== null
          ? paintFirst(template, preloads(kind), boot)
          : template.replace(
              '</head>',
              () =>
                `${preloads(kind)
                  .map((href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}" />`)
                  .join('')}</head>`,
            );
      scriptedTemplates.set(kind, made);
    }
    return made;
  };
  return (request: FastifyRequest, reply: FastifyReply) => {
    const url = new URL(request.url, 'http://page.invalid');
    const language = pageLanguage(request.query, request.cookies ?? {}, request.headers['accept-language']);
    const target = targetOf(url.pathname);
    const activity =
      target.kind === 'activity' ? deps.catalog.current.get(target.id, deps.config.serviceArea.center, language) : null;
    const head = pageHead(target, {
      publicUrl,
      path: url.pathname,
      language,
      languageInUrl: url.searchParams.get('lng') === language,
      activity,
      now: deps.clock.now(),
      agenda:
        target.kind === 'agenda'
          ? agendaFor(
              deps,
              todayInParis(deps.clock.now()),
              agendaCategoryOf(url.searchParams.get('category')),
              language,
            )
          : null,
    });
    const rendered = renderer !== null && target.kind !== 'app';
    const html = pageHtml(rendered ? scriptedTemplate(target.kind) : template, head);
    reply
      .status(head.status)
      .type('text/html; charset=utf-8')
      // A private page, or one whose address carries a secret (a cancel link's token), is never
      // stored: not by the browser's cache, nor by the service worker (docs/offline.md#personal).
      .header('Cache-Control', isPersonalPage(url) ? 'no-store' : 'no-cache')
      .header('Content-Language', language)
      .header('Vary', 'Accept-Language, Cookie');
    const at = html.indexOf(ROOT);
    if (!rendered || at < 0) return reply.send(html);

    // The head is written first: uncompressed it leaves at once; through gzip or brotli it leaves
    // with the body, as measured (docs/rendering.md#how).
    const page = new PassThrough();
    page.write(`${html.slice(0, at)}<div id="root">`);
    const rest = html.slice(at + ROOT.length);
    renderer.render({ url: `${url.pathname}${url.search}`, language }).then(
      ({ body, state }) => {
        const stream = Readable.from(body);
        stream.on('error', (error) => {
          request.log.error({ err: error }, 'streaming a page failed');
          page.end(`</div>${rest}`);
        });
        stream.on('end', () =>
          page.end(`</div><script type="application/json" id="${PAGE_STATE_ID}">${state}</script>${rest}`),
        );
        stream.pipe(page, { end: false });
      },
      (error: unknown) => {
        // The browser draws the page itself, as it did before pages were rendered.
        request.log.error({ err: error }, 'rendering a page failed');
        page.end(`</div>${rest}`);
      },
    );
    return reply.send(page);
  };
}
