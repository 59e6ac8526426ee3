import { ERROR_STATUS, type ErrorCode } from '../domain/errors.js';

/** An error a service throws on purpose; the error handler turns it into JSON. */
export class AppError extends Error {
  /** The HTTP status, looked up beside the code (domain/errors.ts), never chosen at the throw. */
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: { path: string; message: string }[],
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = ERROR_STATUS[code];
  }
}

export const notFound = (message = 'Not found', code: ErrorCode = 'NOT_FOUND') => new AppError(code, message);
export const serviceUnavailable = (message: string) => new AppError('SERVICE_UNAVAILABLE', message);

/** A database error that a unique constraint raised (drivers put the code on the error or its cause). */
export const isUniqueViolation = (error: unknown) =>
  (error as { code?: string }).code === '23505' || (error as { cause?: { code?: string } }).cause?.code === '23505';

/** Network and server-state errors of a database that cannot be reached (SQLSTATE class 08 and 57P0x, 53300). */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);
const UNREACHABLE_MESSAGES =
  /PGlite is closed|Cannot use a pool after calling end|Connection terminated|timeout exceeded when trying to connect|is not queryable/i;

/**
 * Whether `error` (or what caused it) says the database cannot be reached:
 * the answer is then a 503, never a 500, and nothing was written.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || code.startsWith('08'))) return true;
    if (e instanceof Error && UNREACHABLE_MESSAGES.test(e.message)) return true;
  }
  return false;
}
