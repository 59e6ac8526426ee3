import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IMAGE_WIDTHS } from '../../../domain/images.js';
import type { Deps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { apiErrorSchema } from '../../plugins/openapi.js';
import { ensureSharePicture, KEY_PATTERN, largestFile } from './files.js';
import { isPublicPhoto, mayView, uploadsDirOf } from './service.js';

/**
 * The addresses of a photo `<key>` (docs/provider-workspace.md#photos): `<key>-400.webp`,
 * `-800.webp`, `-1600.webp`, `<key>.webp` (what the activity stores: the largest width) and
 * `<key>-share.jpg` (link previews).
 */
const FILE_NAME = new RegExp(`^(${KEY_PATTERN})(?:(-(?:${IMAGE_WIDTHS.join('|')}))?\\.webp|(-share\\.jpg))$`);

const fileParams = z.object({
  file: z.string().max(100).describe('`<key>.webp`, `<key>-<width>.webp` (400, 800, 1600) or `<key>-share.jpg`'),
});

/** A year: a photo's addresses never change content (a new photo gets a new key). */
const PUBLIC_CACHE = 'public, max-age=31536000, immutable';
/** A photo that waits for approval, or that nobody may see here: kept by no cache (docs/offline.md). */
const PRIVATE_CACHE = 'private, no-store';

const noSuchPhoto = (reply: FastifyReply) => {
  // A photo not public yet becomes public at this address when it is approved: no cache keeps the 404.
  reply.header('Cache-Control', 'no-store');
  return new AppError('NOT_FOUND', 'No such photo');
};

export const photoRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const dir = uploadsDirOf(deps.config);

    /** Sends the file the address names, or null when the photo has none. */
    async function send(request: FastifyRequest, reply: FastifyReply, name: string, cacheControl: string) {
      const match = FILE_NAME.exec(name);
      if (!match?.[1]) return null;
      const key = match[1];
      const file = match[3]
        ? await ensureSharePicture(dir, key)
        : path.join(dir, match[2] ? `${key}${match[2]}.webp` : largestFile(key));
      const info = file ? await stat(file).catch(() => null) : null;
      if (!file || !info?.isFile()) return null;
      const etag = `"${path.basename(file)}-${info.size}"`;
      reply
        .header('Cache-Control', cacheControl)
        .header('ETag', etag)
        .header('Last-Modified', info.mtime.toUTCString());
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      return reply
        .type(file.endsWith('.jpg') ? 'image/jpeg' : 'image/webp')
        .header('Content-Length', info.size)
        .send(createReadStream(file));
    }

    const keyOf = (name: string) => FILE_NAME.exec(name)?.[1];

    // Public: a photo everyone may see, for everyone (no session reaches this path).
    app.get(
      '/uploads/:file',
      { config: { access: 'public' }, schema: { hide: true, params: fileParams } },
      async (request, reply) => {
        const key = keyOf(request.params.file);
        if (!key || !(await isPublicPhoto(deps, key))) throw noSuchPhoto(reply);
        const sent = await send(request, reply, request.params.file, PUBLIC_CACHE);
        if (!sent) throw noSuchPhoto(reply);
        return sent;
      },
    );

    // The same photos with the session: one that waits for approval for its provider and admins.
    app.get(
      '/api/uploads/:file',
      {
        config: { access: 'public' },
        schema: {
          tags: ['provider'],
          summary: 'A photo as its provider or an admin sees it, before everyone may',
          description:
            'The provider’s and admins’ address of a photo that waits for approval (an activity not approved yet, or a change waiting): answered to the activity’s provider and to admins, never kept by a cache. A photo everyone may see is answered to everyone. Anything else is a 404.',
          params: fileParams,
          response: {
            200: z.string().describe('image/webp or image/jpeg'),
            404: apiErrorSchema,
          },
        },
      },
      async (request, reply) => {
        const key = keyOf(request.params.file);
        if (!key || !(await mayView(deps, key, request.principal))) throw noSuchPhoto(reply);
        const sent = await send(request, reply, request.params.file, PRIVATE_CACHE);
        if (!sent) throw noSuchPhoto(reply);
        return sent;
      },
    );
  };
