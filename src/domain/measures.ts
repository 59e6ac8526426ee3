/** Kept without zod: the provider's dashboard imports it (docs/provider-workspace.md#numbers). */

/** The measures of the dashboard, in its order. */
export const MEASURES = [
  'views',
  'favourites',
  'websiteClicks',
  'phoneClicks',
  'directionsClicks',
  'bookingRequests',
  'confirmedBookings',
] as const;
export type Measure = (typeof MEASURES)[number];
