import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { activityIdParams } from '../../../domain/activity-schemas.js';
import {
  createActivityBody,
  providerActivitySchema,
  UPLOAD_MAX_BYTES,
  updateActivityBody,
} from '../../../domain/provider-activities.js';
import type { Deps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { principalOfRequest } from '../../plugins/auth.js';
import { apiErrorSchema } from '../../plugins/openapi.js';
import { storePhoto } from '../photos/files.js';
import * as photos from '../photos/service.js';
import * as service from './service.js';

/** A provider adds a photo now and then; a script that fills the disk is stopped. */
export const UPLOAD_RATE_LIMIT = { max: 30, timeWindow: '10 minutes' };

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};

export const providerRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const uploadsDir = photos.uploadsDirOf(deps.config);
    // Only these routes take multipart bodies: one file, nothing else, at most UPLOAD_MAX_BYTES.
    await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 0, parts: 1 } });

    app.get(
      '/provider/activities',
      {
        config: { access: 'provider' },
        schema: {
          tags: ['provider'],
          summary: "The logged-in provider's own activities",
          description:
            'Each as the provider works on it: with a change that waits for approval, that change (`pendingChanges`), while the public still sees the approved version.',
          response: { 200: z.array(providerActivitySchema), 401: apiErrorSchema, 403: apiErrorSchema },
        },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'no-store');
        return service.listOwn(deps, principalOfRequest(request));
      },
    );

    app.post(
      '/provider/activities',
      {
        config: { access: 'provider' },
        schema: {
          tags: ['provider'],
          summary: 'Add an activity',
          description:
            'An approved provider’s new activity waits for an admin’s approval; a provider who is not approved yet saves a draft. The position must lie in the service area.',
          body: createActivityBody,
          response: { 201: providerActivitySchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await service.create(deps, principalOfRequest(request), request.body)),
    );

    app.get(
      '/provider/activities/:id',
      {
        config: { access: 'provider' },
        schema: {
          tags: ['provider'],
          summary: 'One of the provider’s activities',
          params: activityIdParams,
          response: { 200: providerActivitySchema, ...errors },
        },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'no-store');
        return service.getOwn(deps, principalOfRequest(request), request.params.id);
      },
    );

    app.patch(
      '/provider/activities/:id',
      {
        config: { access: 'provider' },
        schema: {
          tags: ['provider'],
          summary: 'Change, pause or resume one of the provider’s activities',
          description:
            'Price, weekly hours, event dates and booking change at once; text, place, photo, free-text hours and market days, contact and website of a published activity wait for approval. `isActive: false` pauses, `true` resumes. An empty body sends a draft for approval. A provider whose application was rejected changes nothing (403 `PROVIDER_REJECTED`).',
          params: activityIdParams,
          body: updateActivityBody,
          response: { 200: providerActivitySchema, ...errors },
        },
      },
      async (request) => service.update(deps, principalOfRequest(request), request.params.id, request.body),
    );

    app.delete(
      '/provider/activities/:id',
      {
        config: { access: 'provider' },
        schema: {
          tags: ['provider'],
          summary: 'Delete one of the provider’s activities that has no bookings',
          params: activityIdParams,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await service.remove(deps, principalOfRequest(request), request.params.id);
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/provider/activities/:id/image',
      {
        config: { access: 'provider', rateLimit: UPLOAD_RATE_LIMIT },
        schema: {
          tags: ['provider'],
          summary: 'Upload the photo of one of the provider’s activities',
          description:
            'multipart/form-data with one field `file`: a JPEG, PNG or WebP image of at most 10 MB, checked by its content (415 otherwise, 413 when larger). Stored as WebP in several widths without metadata, and as a JPEG for link previews; on a published activity it waits for approval like a text change. The photo it replaces is deleted. 409 `PHOTO_QUOTA_REACHED` when the account already keeps the most photos it may (docs/provider-workspace.md#quota).',
          consumes: ['multipart/form-data'],
          params: activityIdParams,
          response: { 200: providerActivitySchema, ...errors, 413: apiErrorSchema, 415: apiErrorSchema },
        },
      },
      async (request) => {
        const principal = principalOfRequest(request);
        // Ownership (and a provider who may edit) first: a refused upload is never read.
        await service.assertEditable(deps, principal, request.params.id);
        if (!request.isMultipart()) {
          throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the photo as multipart/form-data');
        }
        const file = await request.file();
        if (!file || file.fieldname !== 'file') {
          throw new AppError('VALIDATION_FAILED', 'The photo goes in the field "file"', [
            { path: 'file', message: 'is required' },
          ]);
        }
        // toBuffer() refuses more than the limit with a 413 (FST_REQ_FILE_TOO_LARGE).
        const photo = await storePhoto(await file.toBuffer(), uploadsDir);
        request.log.info({ key: photo.key, files: photo.files }, 'photo stored');
        try {
          return await service.update(deps, principal, request.params.id, { imageUrl: photo.imageUrl }, photo);
        } catch (error) {
          await photos.discardUpload(deps, photo.key);
          throw error;
        }
      },
    );
  };
