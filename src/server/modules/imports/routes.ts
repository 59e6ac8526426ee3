import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dryRunField,
  importRunParams,
  importRunSchema,
  importRunsQuery,
  importSettingsBody,
  importSettingsSchema,
  importStarted,
} from '../../../domain/imports.js';
import type { Deps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { principalOfRequest } from '../../plugins/auth.js';
import { apiErrorSchema } from '../../plugins/openapi.js';
import { sendPage } from '../../plugins/paging.js';
import * as service from './service.js';

const denied = { 401: apiErrorSchema, 403: apiErrorSchema };
const paged = 'Pages with `limit`/`offset`; the total is in `X-Total-Count` and the next page in `Link`.';

/** Whether a file starts as a ZIP does: a local file header, or the end record of an empty archive. */
async function looksLikeZip(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(4);
    const { bytesRead } = await handle.read(head, 0, 4, 0);
    return bytesRead === 4 && head[0] === 0x50 && head[1] === 0x4b && [3, 5].includes(head[2] ?? 0);
  } finally {
    await handle.close();
  }
}

const badField = (field: string, message: string) =>
  new AppError('VALIDATION_FAILED', `${field} ${message}`, [{ path: field, message }]);

export const importRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    // Only these routes take multipart bodies: one ZIP, streamed to disk, and the dryRun field.
    await app.register(multipart, {
      limits: { fileSize: deps.config.imports.uploadMaxBytes, files: 1, fields: 2, parts: 3 },
    });
    // A run of this instance still going on when the app closes gets a moment, then is marked failed.
    app.addHook('onClose', () => service.endActiveRuns(deps));

    app.post(
      '/admin/imports/datatourisme',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['admin'],
          summary: 'Import a DATAtourisme flux ZIP (a dry run unless `dryRun` is "false")',
          description:
            'multipart/form-data with a field `file` (the flux ZIP, at most IMPORT_UPLOAD_MAX_MB, 500 MB by default: 413 beyond) and an optional field `dryRun`, "true" (the default: read and report, write nothing) or "false". The file is saved under DATA_DIR, never held in memory. Answers 202 with the run’s id at once; the run goes on in the background (`GET /api/admin/imports/runs/{id}`). 400 `NOT_A_ZIP` when the file does not start as a ZIP; 409 `IMPORT_RUNNING` while another run goes on (docs/datatourisme.md#running-an-import).',
          consumes: ['multipart/form-data'],
          response: {
            202: importStarted,
            400: apiErrorSchema,
            409: apiErrorSchema,
            413: apiErrorSchema,
            415: apiErrorSchema,
            ...denied,
          },
        },
      },
      async (request, reply) => {
        const principal = principalOfRequest(request);
        if (!request.isMultipart()) {
          throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the flux as multipart/form-data');
        }
        // Refused before the upload is read when a run is going on.
        if (await service.isRunning(deps)) throw new AppError('IMPORT_RUNNING', 'An import is running');
        const dir = service.importsDirOf(deps.config);
        await mkdir(dir, { recursive: true });
        const file = path.join(dir, `upload-${randomUUID()}.zip`);
        let name: string | null = null;
        let dryRun = true;
        try {
          for await (const part of request.parts()) {
            if (part.type === 'file') {
              if (part.fieldname !== 'file') {
                part.file.resume();
                throw badField(part.fieldname, 'is not a field of this form');
              }
              await pipeline(part.file, createWriteStream(file));
              name = path.basename(part.filename || 'flux.zip').slice(0, 200);
            } else if (part.fieldname === 'dryRun') {
              const parsed = dryRunField.safeParse(part.value);
              if (!parsed.success) throw badField('dryRun', 'must be "true" or "false"');
              dryRun = parsed.data === 'true';
            } else {
              throw badField(part.fieldname, 'is not a field of this form');
            }
          }
          if (name === null) throw badField('file', 'is required');
          if (!(await looksLikeZip(file))) throw new AppError('NOT_A_ZIP', 'The file is not a ZIP archive');
          const id = await service.claimRun(deps, { location: name, dryRun, startedBy: principal.id });
          void service.importUpload(deps, { id, location: name, dryRun, startedBy: principal.id }, file);
          return reply.status(202).send({ id });
        } catch (error) {
          await rm(file, { force: true });
          throw error;
        }
      },
    );

    app.post(
      '/admin/imports/datatourisme/feed',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['admin'],
          summary: 'Import the flux URL now, as the daily import does',
          description:
            'The flux URL in force is downloaded under DATA_DIR and imported in the background; a dry run unless `dryRun` is false. 202 with the run’s id; 409 `NO_FEED_URL` when no URL is set, `IMPORT_RUNNING` while another run goes on. A download that fails fails the run, with its reason in the report.',
          body: z.strictObject({ dryRun: z.boolean().default(true) }).default({ dryRun: true }),
          response: { 202: importStarted, 400: apiErrorSchema, 409: apiErrorSchema, ...denied },
        },
      },
      async (request, reply) => {
        const principal = principalOfRequest(request);
        const { feedUrl } = await service.scheduleOf(deps);
        if (!feedUrl) throw new AppError('NO_FEED_URL', 'No flux URL is set');
        const dryRun = request.body.dryRun;
        const id = await service.claimRun(deps, { location: feedUrl, dryRun, startedBy: principal.id });
        void service.importFromUrl(deps, { id, location: feedUrl, dryRun, startedBy: principal.id }, feedUrl);
        return reply.status(202).send({ id });
      },
    );

    app.get(
      '/admin/imports/runs',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['admin'],
          summary: 'Import runs, newest first, with their reports',
          description: `A run still going on has no report yet; \`progress\` is the objects read so far when this instance runs it. ${paged}`,
          querystring: importRunsQuery,
          response: { 200: z.array(importRunSchema), 400: apiErrorSchema, ...denied },
        },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'no-store');
        return sendPage(request, reply, await service.listRuns(deps, request.query));
      },
    );

    app.get(
      '/admin/imports/runs/:id',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['admin'],
          summary: 'One import run: its status and report',
          params: importRunParams,
          response: { 200: importRunSchema, 400: apiErrorSchema, 404: apiErrorSchema, ...denied },
        },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'no-store');
        return service.getRun(deps, request.params.id);
      },
    );

    app.get(
      '/admin/imports/settings',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['admin'],
          summary: 'The flux URL and the time of the daily import',
          response: { 200: importSettingsSchema, ...denied },
        },
      },
      async (_request, reply) => {
        reply.header('Cache-Control', 'no-store');
        return service.getSettings(deps);
      },
    );

    app.put(
      '/admin/imports/settings',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['admin'],
          summary: 'Set the flux URL and the time of the daily import',
          description:
            '`feedUrl`: an http(s) address, empty for none (no daily import), or null for DATATOURISME_FEED_URL; `time`: HH:MM, Europe/Paris. 400 `VALIDATION_FAILED` names each bad field; nothing is written then.',
          body: importSettingsBody,
          response: { 200: importSettingsSchema, 400: apiErrorSchema, ...denied },
        },
      },
      async (request) => service.saveSettings(deps, request.body),
    );
  };
