import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors.js';

/** Where in `value` a string holds a NUL character (`name`, `translations.en.name`), or null. */
export function nulCharacterAt(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path || 'value' : null;
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return null;
  for (const [key, child] of Object.entries(value)) {
    if (key.includes('\u0000')) return path ? `${path}.${key.replaceAll('\u0000', '')}` : 'key';
    const found = nulCharacterAt(child, path ? `${path}.${key}` : key);
    if (found) return found;
  }
  return null;
}

const PARTS = [
  ['body', 'body'],
  ['query', 'query'],
  ['params', 'path'],
] as const;

/**
 * PostgreSQL's text cannot hold a NUL character (U+0000), and no person types one: any string of a
 * request's body, query or path that holds one is a 400 VALIDATION_FAILED before the route's schema
 * and its rules run, instead of a failed query (docs/api.md#errors). Runs after the access guard,
 * so callers still learn 401/403 first.
 */
export const textInputPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', async (request) => {
      for (const [part, name] of PARTS) {
        const at = nulCharacterAt(request[part]);
        if (at) {
          const message = `${at} must not contain a NUL character`;
          throw new AppError('VALIDATION_FAILED', `Invalid ${name}: ${message}`, [{ path: at, message }]);
        }
      }
    });
  },
  { name: 'text-input', dependencies: ['errors', 'auth'] },
);
