import { z } from 'zod';

/**
 * Lists that grow without bound (admin queues, a provider's bookings) come in
 * pages: `limit` and `offset` in the query, the total in `X-Total-Count` and
 * the next page in a `Link: <...>; rel="next"` header, the same shape as the
 * public activity list (docs/api.md).
 */
export const LIST_PAGE_SIZE = 50;
export const LIST_MAX_PAGE_SIZE = 200;
export const LIST_MAX_OFFSET = 1_000_000;

/** A whole number from a query string, between min and max. */
export const queryInteger = (min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`));

export const pageQueryShape = {
  limit: queryInteger(1, LIST_MAX_PAGE_SIZE).default(LIST_PAGE_SIZE),
  offset: queryInteger(0, LIST_MAX_OFFSET).default(0),
};

export const pageQuery = z.strictObject(pageQueryShape);
export type PageQuery = z.output<typeof pageQuery>;

export interface Page<T> {
  items: T[];
  total: number;
}
