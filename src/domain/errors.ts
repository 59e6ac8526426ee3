/**
 * Stable error codes shared by server and client (docs/api.md#errors). The
 * server answers `{ message, code, details? }`; the client maps each code to
 * a translated text (the `errors` namespace) and never shows the message.
 */
/** Every error code with its HTTP status, written once here and nowhere else (docs/api.md#errors). */
export const ERROR_STATUS = {
  // General
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL_ERROR: 500,
  OUTSIDE_SERVICE_AREA: 400,
  // Accounts and admin
  ROLE_ALREADY_CHOSEN: 409,
  ALREADY_PROVIDER: 409,
  ALREADY_ADMIN: 409,
  EMAIL_NOT_VERIFIED: 400,
  USER_NOT_FOUND: 404,
  PROVIDER_NOT_FOUND: 404,
  LAST_ADMIN: 409,
  // Activities, tags
  ACTIVITY_NOT_FOUND: 404,
  TAG_EXISTS: 409,
  ACTIVITY_TAG_EXISTS: 409,
  TAG_NOT_FOUND: 404,
  ACTIVITY_TAG_NOT_FOUND: 404,
  TOO_MANY_PENDING: 409,
  // A provider's activities
  NOT_A_PROVIDER: 403,
  ACTIVITY_HAS_BOOKINGS: 409,
  NOTHING_PENDING: 409,
  REVISION_CHANGED: 409,
  PROVIDER_REJECTED: 403,
  PHOTO_QUOTA_REACHED: 409,
  // The admins' activities
  PROVIDER_NOT_APPROVED: 409,
  // Bookings
  BOOKING_NOT_BOOKABLE: 409,
  BOOKING_DATE_PAST: 400,
  BOOKING_DATE_TOO_FAR: 400,
  BOOKING_DATE_OUTSIDE_EDITION: 400,
  BOOKING_NOT_AVAILABLE: 409,
  BOOKING_SLOT_REQUIRED: 400,
  BOOKING_SLOT_UNKNOWN: 400,
  BOOKING_TOO_LATE: 409,
  BOOKING_FULL: 409,
  BOOKING_CANCEL_TOO_LATE: 409,
  BOOKING_NOT_FOUND: 404,
  BOOKING_STATUS_CONFLICT: 409,
  IDEMPOTENCY_KEY_REUSED: 409,
  CANCEL_LINK_INVALID: 403,
  BOOKING_EMAIL_LIMIT: 429,
  // Reviews
  REVIEW_EXISTS: 409,
  REVIEW_NOT_FOUND: 404,
  REVIEW_LINK_INVALID: 403,
  REVIEW_LINK_EXPIRED: 410,
  SPAM_SUSPECTED: 400,
  // Sponsorship
  PAYMENTS_NOT_CONFIGURED: 503,
  ACTIVITY_NOT_PUBLIC: 409,
  ALREADY_SPONSORED: 409,
  NO_BILLING_ACCOUNT: 409,
  SPONSORSHIP_PAID: 409,
  SPONSORSHIP_REQUEST_OPEN: 409,
  SPONSORSHIP_REQUEST_NOT_FOUND: 404,
  SPONSORSHIP_REQUEST_DECIDED: 409,
  WEBHOOK_SIGNATURE_INVALID: 400,
  // Imports (docs/datatourisme.md#running-an-import)
  IMPORT_RUNNING: 409,
  NOT_A_ZIP: 400,
  IMPORT_RUN_NOT_FOUND: 404,
  NO_FEED_URL: 409,
  // Personal data (docs/privacy.md)
  DATA_LINK_INVALID: 404,
  DATA_LINK_EXPIRED: 410,
  DATA_LINK_USED: 410,
} as const satisfies Record<string, number>;
export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]];

export interface ApiErrorBody {
  message: string;
  code: ErrorCode;
  details?: { path: string; message: string }[];
}
