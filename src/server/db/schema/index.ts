export * from './activities.js';
export * from './analytics.js';
export * from './bookings.js';
export * from './outbox.js';
export * from './providers.js';
export * from './reviews.js';
export * from './tags.js';
export * from './users.js';
