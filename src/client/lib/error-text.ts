import { useTranslation } from 'react-i18next';
import { ERROR_CODES, type ErrorCode } from '../../domain/errors';
import { ApiError } from './api-client';

/** The API's stable code of an error (docs/api.md#errors), when it has a known one. */
export function errorCodeOf(error: unknown): ErrorCode | null {
  if (!(error instanceof ApiError) || !error.code) return null;
  return (ERROR_CODES as readonly string[]).includes(error.code) ? (error.code as ErrorCode) : null;
}

/**
 * A translated text for an API error, by its code; the screen's own text
 * when the code says nothing more specific. Never the server's English message.
 */
export function useErrorText() {
  const { t } = useTranslation('errors');
  return (error: unknown, fallback: string, generic: readonly ErrorCode[] = GENERIC_CODES): string => {
    const code = errorCodeOf(error);
    return code && !generic.includes(code) ? t(code) : fallback;
  };
}

/** Codes that say no more than a screen's own failure text does. */
const GENERIC_CODES: readonly ErrorCode[] = ['INTERNAL_ERROR', 'BAD_REQUEST', 'NOT_FOUND', 'ROUTE_NOT_FOUND'];
