/**
 * Money is computed in integer cents and shown in euros with two decimals
 * (docs/product.md#dates-times-and-money).
 */
export const toCents = (euros: number): number => Math.round(euros * 100);
export const toEuros = (cents: number): number => cents / 100;

/** The total of a booking: price per person times people, 0 when the price is unknown. */
export function bookingTotalCents(priceCents: number | null, people: number): number {
  return priceCents === null ? 0 : priceCents * people;
}
