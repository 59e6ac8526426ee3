import type { ErrorCode } from '../domain/errors.js';

/** An error a service throws on purpose; the error handler turns it into JSON. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly statusCode: number,
    message: string,
    readonly details?: { path: string; message: string }[],
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (message = 'Not found', code: ErrorCode = 'NOT_FOUND') => new AppError(code, 404, message);
export const serviceUnavailable = (message: string) => new AppError('SERVICE_UNAVAILABLE', 503, message);

/** A database error that a unique constraint raised (drivers put the code on the error or its cause). */
export const isUniqueViolation = (error: unknown) =>
  (error as { code?: string }).code === '23505' || (error as { cause?: { code?: string } }).cause?.code === '23505';
