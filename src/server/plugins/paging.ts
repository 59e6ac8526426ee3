import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Page } from '../../domain/pagination.js';

/** The `Link: <...>; rel="next"` URL: the same query with the next offset. */
export function nextPageLink(url: string, nextOffset: number): string {
  const parsed = new URL(url, 'http://local');
  parsed.searchParams.set('offset', String(nextOffset));
  return `<${parsed.pathname}${parsed.search}>; rel="next"`;
}

/** Sends one page as a plain array, with `X-Total-Count` and, when more follow, `Link` (docs/api.md). */
export function sendPage<T>(
  request: Pick<FastifyRequest, 'url'> & { query: { offset: number } },
  reply: Pick<FastifyReply, 'header'>,
  { items, total }: Page<T>,
): T[] {
  const nextOffset = request.query.offset + items.length;
  reply.header('X-Total-Count', String(total));
  if (items.length > 0 && nextOffset < total) reply.header('Link', nextPageLink(request.url, nextOffset));
  return items;
}

/** Sends a CSV file to download, never cached (it holds the provider's own data). */
export function sendCsv(reply: FastifyReply, filename: string, csv: string) {
  return reply
    .header('Cache-Control', 'no-store')
    .header('Content-Disposition', `attachment; filename="${filename}"`)
    .type('text/csv; charset=utf-8')
    .send(csv);
}
