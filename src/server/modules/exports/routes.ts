import { createReadStream } from 'node:fs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BRAND } from '../../../domain/brand.js';
import { todayInParis } from '../../../domain/dates.js';
import { LIMOUX } from '../../../domain/geo.js';
import type { Deps } from '../../deps.js';
import { ITEM_CACHE_CONTROL } from '../catalog/answers.js';
import { fluxZipStream } from '../imports/datatourisme/flux-writer.js';
import { datatourismeObject } from './datatourisme.js';
import { CHUNKS, CONTENT_TYPES, EXPORT_FORMATS, type ExportFormat } from './formats.js';
import { attributionsOf } from './repository.js';
import { ExportStore } from './store.js';

const matches = (header: string | undefined, etag: string) =>
  header !== undefined && header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);

const SUMMARY: Record<ExportFormat, string> = {
  geojson: 'Every public activity in every language, as GeoJSON',
  csv: 'Every public activity in every language, as CSV (RFC 4180, UTF-8 with BOM)',
  jsonld: 'Every public activity in every language, as schema.org JSON-LD',
};

/**
 * The guide's content as open data (docs/api.md#open-data-exports): every public activity in every
 * language under the licence the operator sets, with the source of imported ones; and the guide's
 * own listings as a DATAtourisme flux for the admins (docs/datatourisme.md#export).
 */
export const exportRoutes =
  (deps: Pick<Deps, 'catalog' | 'answers' | 'config' | 'clock' | 'db' | 'site'>): FastifyPluginAsyncZod =>
  async (app) => {
    const publicUrl = deps.config.auth.publicUrl;
    const store = new ExportStore();
    app.addHook('onClose', () => store.close());

    for (const format of EXPORT_FORMATS) {
      app.get(
        `/export/activities.${format}`,
        {
          config: { access: 'public' },
          // In the API tests, reads first wait for every committed write (docs/read-model.md).
          onRequest: deps.answers.onRequest,
          schema: {
            tags: ['export'],
            summary: SUMMARY[format],
            description:
              'Streamed, made once per version of the read model and licence; ETag and If-None-Match (304). The licence is also in the Link header (rel="license").',
          },
        },
        async (request, reply) => {
          // What the export shows: the snapshot, the licence, the day (the JSON-LD's next run of a season).
          const model = deps.catalog.current;
          const site = await deps.site.current();
          const licence = { name: site.dataLicence, url: site.dataLicenceUrl };
          const today = todayInParis(deps.clock.now());
          const version = [deps.catalog.version, licence.name, licence.url, today].join('\n');
          const made = await store.get(format, version, async () => {
            const rows = model.rows();
            const attributions = await attributionsOf(
              deps.db,
              rows.map((row) => row.id),
            );
            return CHUNKS[format]({
              rows,
              attributions,
              licence,
              publicUrl,
              today,
              activityOf: (row) => {
                const activity = model.get(row.id, LIMOUX, row.language);
                if (!activity) throw new Error(`activity ${row.id} left the snapshot`);
                return activity;
              },
            });
          });
          reply
            .header('ETag', made.etag)
            .header('Cache-Control', ITEM_CACHE_CONTROL)
            .header('Link', `<${licence.url}>; rel="license"`);
          if (matches(request.headers['if-none-match'], made.etag)) return reply.code(304).send();
          return reply
            .type(CONTENT_TYPES[format])
            .header('Content-Disposition', `attachment; filename="discoverlocal-activities.${format}"`)
            .header('Content-Length', made.size)
            .send(createReadStream(made.file));
        },
      );
    }

    app.get(
      '/admin/export/datatourisme.zip',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['admin'],
          summary: 'The guide’s own public listings as a DATAtourisme flux ZIP',
          description:
            'Every public activity that was not imported (no source row), each as an object in the shape of a DATAtourisme flux: index.json and objects/.',
        },
      },
      async (_request, reply) => {
        await deps.catalog.sync();
        const rows = deps.catalog.current.rows();
        const imported = await attributionsOf(
          deps.db,
          rows.map((row) => row.id),
        );
        const context = { publicUrl, today: todayInParis(deps.clock.now()), publisherName: BRAND.name };
        const own = rows.filter((row) => !imported.has(row.id));
        return reply
          .type('application/zip')
          .header('Content-Disposition', 'attachment; filename="discoverlocal-datatourisme.zip"')
          .send(fluxZipStream(own.map((row) => datatourismeObject(row, context))));
      },
    );
  };
