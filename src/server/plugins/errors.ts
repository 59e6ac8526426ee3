import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ApiErrorBody, ErrorCode } from '../../domain/errors.js';
import { AppError, isDatabaseUnavailable } from '../errors.js';

const STATUS_CODES: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  503: 'SERVICE_UNAVAILABLE',
};

/**
 * One place that turns every error into `{ message, code, details? }`
 * (docs/api.md#errors): validation errors name the field and what to fix, 5xx
 * hide their internals and are logged with the request id.
 */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (hasZodFastifySchemaValidationErrors(error)) {
        const details = error.validation.flatMap((issue) => {
          const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
          // A field nobody asked for is named as the field itself, so that clients can point at it.
          const unknown =
            issue.keyword === 'unrecognized_keys' ? (issue.params as { keys?: string[] }).keys : undefined;
          if (unknown?.length) {
            return unknown.map((key) => {
              const path = field ? `${field}.${key}` : key;
              return { path, message: `${path} is not a known field` };
            });
          }
          const text = issue.message ?? 'is invalid';
          return [{ path: field, message: field ? `${field} ${text}` : text }];
        });
        const where = error.validationContext === 'querystring' ? 'query' : error.validationContext;
        const body: ApiErrorBody = {
          message: `Invalid ${where}: ${details.map((d) => d.message).join('; ')}`,
          code: 'VALIDATION_FAILED',
          details,
        };
        return reply.status(400).send(body);
      }
      if (error instanceof AppError) {
        const body: ApiErrorBody = {
          message: error.message,
          code: error.code,
          ...(error.details ? { details: error.details } : {}),
        };
        return reply.status(error.statusCode).send(body);
      }
      if (isResponseSerializationError(error)) {
        request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
        return reply
          .status(500)
          .send({ message: 'Internal server error', code: 'INTERNAL_ERROR' } satisfies ApiErrorBody);
      }
      if (isDatabaseUnavailable(error)) {
        request.log.error({ err: error }, 'database unavailable');
        return reply
          .status(503)
          .header('Retry-After', '5')
          .send({
            message: 'Service unavailable, try again shortly',
            code: 'SERVICE_UNAVAILABLE',
          } satisfies ApiErrorBody);
      }
      const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
      if (status >= 500) {
        request.log.error({ err: error }, 'request failed');
        const code: ErrorCode = status === 503 ? 'SERVICE_UNAVAILABLE' : 'INTERNAL_ERROR';
        return reply.status(status).send({
          message: status === 503 ? 'Service unavailable' : 'Internal server error',
          code,
        } satisfies ApiErrorBody);
      }
      // Fastify's own 4xx (bad JSON, body too large, wrong content type): its message is safe and says what is wrong.
      return reply
        .status(status)
        .send({ message: error.message, code: STATUS_CODES[status] ?? 'BAD_REQUEST' } satisfies ApiErrorBody);
    });

    app.setNotFoundHandler((request, reply) => {
      // A page of the web client, with its head and status (docs/seo.md#pages): any path without a
      // file extension, for whatever asks for it but the API's own JSON clients (crawlers and
      // link-preview fetchers often accept */*). A missing file or API path is a JSON 404.
      const accept = request.headers.accept ?? '';
      const pathname = request.url.split('?')[0] ?? '';
      const isPage =
        (request.method === 'GET' || request.method === 'HEAD') &&
        !pathname.startsWith('/api/') &&
        !/\.[A-Za-z0-9]+$/.test(pathname) &&
        !(accept.includes('application/json') && !accept.includes('text/html'));
      if (isPage && app.servePage) return app.servePage(request, reply);
      const body: ApiErrorBody = {
        message: `No route for ${request.method} ${request.url.split('?')[0]}`,
        code: 'ROUTE_NOT_FOUND',
      };
      return reply.status(404).send(body);
    });
  },
  { name: 'errors' },
);
