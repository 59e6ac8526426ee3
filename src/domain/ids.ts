import { z } from 'zod';

/** Rows are numbered by PostgreSQL `integer` identity columns: nothing above this can name one. */
export const MAX_ROW_ID = 2_147_483_647;

/**
 * The id of a row in a path (`/api/activities/12`): a positive whole number the database can hold.
 * A larger one is a clear 400, not a failed query (docs/api.md#errors).
 */
export const rowIdInPath = () =>
  z
    .string()
    .regex(/^[1-9]\d{0,9}$/, 'must be a positive whole number')
    .transform(Number)
    .pipe(z.number().int().max(MAX_ROW_ID, 'is too large'));

/** The id of a row in a JSON body, with the message a person reads when it is not one. */
export const rowId = (message: string) =>
  z.number({ error: message }).int(message).positive(message).max(MAX_ROW_ID, 'is too large');
