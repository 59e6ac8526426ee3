/**
 * Stable error codes shared by server and client (docs/api.md#errors). The
 * server answers `{ message, code, details? }`; the client maps each code to
 * a translated text (the `errors` namespace) and never shows the message.
 */
export const ERROR_CODES = [
  // General
  'BAD_REQUEST',
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'ROUTE_NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'SERVICE_UNAVAILABLE',
  'INTERNAL_ERROR',
  'OUTSIDE_SERVICE_AREA',
  // Accounts and admin
  'ROLE_ALREADY_CHOSEN',
  'EMAIL_NOT_VERIFIED',
  'USER_NOT_FOUND',
  'PROVIDER_NOT_FOUND',
  'LAST_ADMIN',
  // Activities, tags
  'ACTIVITY_NOT_FOUND',
  'TAG_EXISTS',
  'ACTIVITY_TAG_EXISTS',
  'TAG_NOT_FOUND',
  'ACTIVITY_TAG_NOT_FOUND',
  'TOO_MANY_PENDING',
  // A provider's activities
  'NOT_A_PROVIDER',
  'ACTIVITY_HAS_BOOKINGS',
  'NOTHING_PENDING',
  'REVISION_CHANGED',
  'PROVIDER_REJECTED',
  'PHOTO_QUOTA_REACHED',
  // Bookings
  'BOOKING_NOT_BOOKABLE',
  'BOOKING_DATE_PAST',
  'BOOKING_DATE_TOO_FAR',
  'BOOKING_DATE_OUTSIDE_EDITION',
  'BOOKING_NOT_FOUND',
  'BOOKING_STATUS_CONFLICT',
  'IDEMPOTENCY_KEY_REUSED',
  'CANCEL_LINK_INVALID',
  'BOOKING_EMAIL_LIMIT',
  // Reviews
  'REVIEW_EXISTS',
  'REVIEW_NOT_FOUND',
  'REVIEW_LINK_INVALID',
  'REVIEW_LINK_EXPIRED',
  'SPAM_SUSPECTED',
  // Sponsorship
  'PAYMENTS_NOT_CONFIGURED',
  'ACTIVITY_NOT_PUBLIC',
  'ALREADY_SPONSORED',
  'NO_BILLING_ACCOUNT',
  'SPONSORSHIP_PAID',
  'WEBHOOK_SIGNATURE_INVALID',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export interface ApiErrorBody {
  message: string;
  code: ErrorCode;
  details?: { path: string; message: string }[];
}
