import { z } from 'zod';

/** Optional text of at most `max` characters: trimmed, and empty means none (null). */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .nullish()
    .transform((value) => value || null);

/**
 * Optional text that may also be left out: left out (undefined) stays undefined, so that the
 * caller can keep what was there; empty or null means none (null).
 */
export const keepableText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .nullable()
    .optional()
    .transform((value) => (value === undefined ? undefined : value || null));

/** A scheme at the start (`https:`, `mailto:`); `example.fr:8080` is a host and port, not one. */
const SCHEME = /^[a-z][a-z\d+.-]*:(?!\d)/i;

/**
 * A web address as people type it, made whole (docs/provider-workspace.md#fields): one without a
 * scheme (`www.example.fr`, `example.fr/page`, `//example.fr`) gets `https://`; one with a scheme
 * is left as it is, so that `javascript:` or `mailto:` is still refused by {@link isWebAddress}.
 * Surrounding spaces go; empty stays empty.
 */
export function normaliseWebsite(input: string): string {
  const value = input.trim();
  if (value === '' || SCHEME.test(value)) return value;
  return `https://${value.replace(/^\/+/, '')}`;
}

/** An http(s) address with a dotted host name: what a visitor's browser can open. */
export function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

/** A character count as the schemas count it (`.trim().max(n)`): what is left after trimming. */
export const countedLength = (value: string) => value.trim().length;
