import { z } from 'zod';

/** Optional text of at most `max` characters: trimmed, and empty means none (null). */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .nullish()
    .transform((value) => value || null);
