import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, providers, sponsorshipRequests, users } from '../db/schema/index.js';
import { fixedClock } from '../deps.js';
import { cancelToken } from '../modules/bookings/service.js';
import { reviewToken } from '../modules/reviews/service.js';
import { createActivity, createReview, createTag, createUser } from '../test/factories.js';
import { queueEntry } from '../test/moderation.js';
import { sameOrigin, sessionCookieFor } from '../test/sessions.js';
import { nominatimAnswer, openMeteoAnswer, type StandIn, startStandIn } from '../test/stand-in.js';
import { type StripeStandIn, startStripeStandIn } from '../test/stripe-stand-in.js';
import { useTestApp } from '../test/test-app.js';

/**
 * The permission matrix (docs/permissions.md): every route of the running app,
 * called as each principal, against one table of expected statuses. A route
 * the table does not list fails the test, so no new route can skip it.
 */
const PRINCIPALS = [
  'anonymous',
  'visitor',
  'pendingProvider',
  'provider',
  'otherProvider',
  'admin',
  'newUser',
] as const;
type PrincipalName = (typeof PRINCIPALS)[number];
type Statuses = Record<PrincipalName, number>;

interface Fixtures {
  activityId: number;
  bookingToConfirm: number;
  bookingToDecline: number;
  bookingToCancel: number;
  /** Bookings of a listing without a provider: the team's to answer (docs/permissions.md#resources). */
  teamBookingToConfirm: number;
  teamBookingToDecline: number;
  guestBooking: number;
  guestBookingToken: string;
  reviewLinkToken: string;
  reviewId: number;
  pendingTagId: number;
  activityTagId: number;
  pendingProviderId: number;
  visitorId: string;
  ownActivityId: number;
  /** A listing of the guide's own that the admins' routes pause, publish and assign. */
  guideActivityId: number;
  approvedProviderId: number;
  deletableActivityId: number;
  toApproveId: number;
  toRejectId: number;
  /** The requests as the admin queue shows them (docs/moderation.md#activities). */
  toApprove: { revisionId: number; contentHash: string };
  toReject: { revisionId: number; contentHash: string };
  /** A photo of the provider's activity that waits for approval: `<key>-400.webp`. */
  waitingPhoto: string;
  /** Open requests for a plan (docs/sponsorship.md#asking-for-a-plan). */
  requestToGrant: number;
  requestToRefuse: number;
}

interface RouteCase {
  url: (f: Fixtures) => string;
  body?: (principal: PrincipalName, fixtures: Fixtures) => unknown;
  expect: Statuses;
  /** Puts back what the call changed of the principal itself, so the next routes meet them as before. */
  undo?: (userId: string) => Promise<void>;
}

const all = (status: number): Statuses => Object.fromEntries(PRINCIPALS.map((p) => [p, status])) as Statuses;
const loggedIn = (status: number): Statuses => ({ ...all(status), anonymous: 401 });
const adminOnly = (status: number): Statuses => ({ ...all(403), anonymous: 401, admin: status });
/** Approved providers (and admins, who may do what they do). */
const providerLevel = (status: number): Statuses => ({
  ...all(status),
  anonymous: 401,
  visitor: 403,
  pendingProvider: 403,
  newUser: 403,
});

/** One provider's own activity: theirs to see and change; another provider finds nothing, an admin has no provider profile. */
const ownerOnly = (status: number): Statuses => ({
  ...providerLevel(404),
  pendingProvider: 404,
  provider: status,
  admin: 403,
});

const newActivity = {
  name: 'Matrix activity',
  description: 'Made by the permission matrix',
  language: 'fr',
  category: 'uitjes',
  city: 'Limoux',
  latitude: 43.05,
  longitude: 2.22,
};

const TABLE: Record<string, RouteCase> = {
  'GET /api/health': { url: () => '/api/health', expect: all(200) },
  'GET /api/ready': { url: () => '/api/ready', expect: all(200) },
  'GET /api/openapi.json': { url: () => '/api/openapi.json', expect: all(200) },
  'GET /api/docs/json': { url: () => '/api/docs/json', expect: all(200) },
  'GET /api/docs/yaml': { url: () => '/api/docs/yaml', expect: all(200) },
  'GET /api/docs/': { url: () => '/api/docs', expect: all(200) },
  'GET /api/docs/static/index.html': { url: () => '/api/docs/static/index.html', expect: all(302) },
  'GET /api/docs/static/swagger-initializer.js': {
    url: () => '/api/docs/static/swagger-initializer.js',
    expect: all(200),
  },
  'GET /api/docs/static/*': { url: () => '/api/docs/static/swagger-ui.css', expect: all(200) },
  'GET /api/activities': { url: () => '/api/activities', expect: all(200) },
  'GET /api/activities/:id': { url: (f) => `/api/activities/${f.activityId}`, expect: all(200) },
  'GET /api/activities/:id/tags': { url: (f) => `/api/activities/${f.activityId}/tags`, expect: all(200) },
  'GET /api/activities/:id/reviews': { url: (f) => `/api/activities/${f.activityId}/reviews`, expect: all(200) },
  'GET /api/stats': { url: () => '/api/stats', expect: all(200) },
  'GET /api/agenda': { url: () => '/api/agenda', expect: all(200) },
  'GET /api/map': { url: () => '/api/map?west=1.5&south=42.5&east=3&north=43.5&zoom=9', expect: all(200) },
  'GET /api/tags': { url: () => '/api/tags', expect: all(200) },
  'GET /api/search/suggestions': { url: () => '/api/search/suggestions?q=ma', expect: all(200) },
  'GET /api/weather': { url: () => '/api/weather?lat=43.05&lon=2.22', expect: all(200) },
  'GET /api/weather/forecast': { url: () => '/api/weather/forecast?lat=43.05&lon=2.22', expect: all(200) },
  'GET /api/geocode/reverse': { url: () => '/api/geocode/reverse?lat=43.05&lon=2.22', expect: all(200) },
  'GET /api/geocode/search': {
    url: () => '/api/geocode/search?q=avenue%20fabre',
    expect: { ...providerLevel(200), pendingProvider: 200 },
  },
  'GET /api/config': { url: () => '/api/config', expect: all(200) },
  'GET /api/export/activities.geojson': { url: () => '/api/export/activities.geojson', expect: all(200) },
  'GET /api/export/activities.csv': { url: () => '/api/export/activities.csv', expect: all(200) },
  'GET /api/export/activities.jsonld': { url: () => '/api/export/activities.jsonld', expect: all(200) },
  'GET /api/admin/export/datatourisme.zip': { url: () => '/api/admin/export/datatourisme.zip', expect: adminOnly(200) },
  'GET /api/login': { url: () => '/api/login', expect: all(302) },
  'GET /api/callback': { url: () => '/api/callback?code=x&state=y', expect: all(302) },
  'POST /api/logout': { url: () => '/api/logout', expect: all(204) },
  'POST /api/demo/login/:account': { url: () => '/api/demo/login/visitor', expect: all(200) },
  'GET /api/auth/user': { url: () => '/api/auth/user', expect: loggedIn(200) },
  'GET /api/auth/session': { url: () => '/api/auth/session', expect: all(200) },
  // One's own data (docs/privacy.md#download-my-data): anyone logged in; a guest asks for a link, which
  // is answered alike for everyone (202), and a token the guide never made is a 404 for everyone.
  'GET /api/me/data': { url: () => '/api/me/data', expect: loggedIn(200) },
  'POST /api/privacy/data-requests': {
    url: () => '/api/privacy/data-requests',
    body: () => ({ email: 'guest@example.com' }),
    expect: all(202),
  },
  'POST /api/privacy/data': {
    url: () => '/api/privacy/data',
    body: () => ({ token: 'a'.repeat(43) }),
    expect: all(404),
  },
  'POST /api/auth/role': {
    url: () => '/api/auth/role',
    body: () => ({ role: 'visitor' }),
    // The role is chosen once (a visitor applies as a provider elsewhere): a second choice is a
    // conflict, the same 409 whether the guard or the service sees it (domain/errors.ts).
    expect: { ...loggedIn(409), newUser: 200 },
  },
  // A visitor (or a first login) applies once; a provider or an admin has nothing to apply for.
  'POST /api/provider/application': {
    url: () => '/api/provider/application',
    body: () => ({ company: 'Matrix SARL' }),
    expect: { ...loggedIn(409), visitor: 200, newUser: 200 },
    undo: async (userId) => {
      const [applied] = await ctx.db.delete(providers).where(eq(providers.userId, userId)).returning();
      if (applied?.status !== 'pending') return;
      const firstLogin = userId === userIds.newUser;
      await ctx.db
        .update(users)
        .set({ role: 'visitor', isApproved: false, roleChosenAt: firstLogin ? null : new Date() })
        .where(eq(users.id, userId));
    },
  },
  'POST /api/tags': { url: () => '/api/tags', body: (p) => ({ name: `matrix-${p}` }), expect: loggedIn(201) },
  'POST /api/activities/:id/tags': {
    url: (f) => `/api/activities/${f.activityId}/tags`,
    body: (p) => ({ name: `matrix-link-${p}` }),
    expect: loggedIn(201),
  },
  'GET /api/admin/tags': { url: () => '/api/admin/tags', expect: adminOnly(200) },
  'GET /api/admin/tags/pending': { url: () => '/api/admin/tags/pending', expect: adminOnly(200) },
  'GET /api/admin/activity-tags/pending': { url: () => '/api/admin/activity-tags/pending', expect: adminOnly(200) },
  'PATCH /api/admin/tags/:tagId/approval': {
    url: (f) => `/api/admin/tags/${f.pendingTagId}/approval`,
    body: () => ({ isApproved: 1 }),
    expect: adminOnly(200),
  },
  'PATCH /api/admin/activity-tags/:id/approval': {
    url: (f) => `/api/admin/activity-tags/${f.activityTagId}/approval`,
    body: () => ({ isApproved: 0 }),
    expect: adminOnly(200),
  },
  'GET /api/admin/users': { url: () => '/api/admin/users', expect: adminOnly(200) },
  'GET /api/admin/settings': { url: () => '/api/admin/settings', expect: adminOnly(200) },
  // Deleting one's account (docs/privacy.md#deleting-an-account): anyone logged in, for their own account
  // only; unconfirmed here so that every principal stays for the next routes.
  'DELETE /api/me': { url: () => '/api/me', body: () => ({ confirm: false, reviews: 'keep' }), expect: loggedIn(400) },
  // Erasure on request (docs/privacy.md#erasure-on-request): admins only; an address the guide does not hold.
  'POST /api/admin/erasures': {
    url: () => '/api/admin/erasures',
    body: () => ({ email: 'nobody-matrix@example.com' }),
    expect: adminOnly(200),
  },
  'GET /api/admin/erasures': { url: () => '/api/admin/erasures', expect: adminOnly(200) },
  'PATCH /api/admin/settings': {
    url: () => '/api/admin/settings',
    body: () => ({ senderName: 'Matrix' }),
    expect: adminOnly(200),
  },
  // Imports (docs/datatourisme.md#running-an-import): a JSON body is not an upload, and no flux URL is set.
  'POST /api/admin/imports/datatourisme': { url: () => '/api/admin/imports/datatourisme', expect: adminOnly(415) },
  'POST /api/admin/imports/datatourisme/feed': {
    url: () => '/api/admin/imports/datatourisme/feed',
    body: () => ({ dryRun: true }),
    expect: adminOnly(409),
  },
  'GET /api/admin/imports/runs': { url: () => '/api/admin/imports/runs', expect: adminOnly(200) },
  'GET /api/admin/imports/runs/:id': { url: () => '/api/admin/imports/runs/1', expect: adminOnly(404) },
  'GET /api/admin/imports/settings': { url: () => '/api/admin/imports/settings', expect: adminOnly(200) },
  'PUT /api/admin/imports/settings': {
    url: () => '/api/admin/imports/settings',
    body: () => ({ feedUrl: '', time: '03:00' }),
    expect: adminOnly(200),
  },
  'GET /api/admin/providers/pending': { url: () => '/api/admin/providers/pending', expect: adminOnly(200) },
  'POST /api/admin/providers/:id/approve': {
    url: (f) => `/api/admin/providers/${f.pendingProviderId}/approve`,
    expect: adminOnly(200),
  },
  'POST /api/admin/providers/:id/reject': {
    url: (f) => `/api/admin/providers/${f.pendingProviderId}/reject`,
    expect: adminOnly(200),
  },
  'POST /api/admin/users/:userId/role': {
    url: (f) => `/api/admin/users/${f.visitorId}/role`,
    body: () => ({ role: 'visitor' }),
    expect: adminOnly(200),
  },
  // A provider who waits for approval prepares drafts; an admin has no provider profile to add to.
  'POST /api/provider/activities': {
    url: () => '/api/provider/activities',
    body: () => newActivity,
    expect: { ...providerLevel(201), pendingProvider: 201, admin: 403 },
  },
  'GET /api/provider/activities': {
    url: () => '/api/provider/activities',
    expect: { ...providerLevel(200), pendingProvider: 200 },
  },
  'GET /api/provider/activities/:id': {
    url: (f) => `/api/provider/activities/${f.ownActivityId}`,
    expect: ownerOnly(200),
  },
  'PATCH /api/provider/activities/:id': {
    url: (f) => `/api/provider/activities/${f.ownActivityId}`,
    body: () => ({ price: 20 }),
    expect: ownerOnly(200),
  },
  'DELETE /api/provider/activities/:id': {
    url: (f) => `/api/provider/activities/${f.deletableActivityId}`,
    expect: ownerOnly(204),
  },
  // The owner gets as far as the body, which is not multipart here.
  'POST /api/provider/activities/:id/image': {
    url: (f) => `/api/provider/activities/${f.ownActivityId}/image`,
    expect: ownerOnly(415),
  },
  'GET /api/admin/providers/approved': { url: () => '/api/admin/providers/approved', expect: adminOnly(200) },
  'GET /api/admin/activities/pending': { url: () => '/api/admin/activities/pending', expect: adminOnly(200) },
  'POST /api/admin/activities/:id/approve': {
    url: (f) => `/api/admin/activities/${f.toApproveId}/approve`,
    body: (_p, f) => f.toApprove,
    expect: adminOnly(204),
  },
  'POST /api/admin/activities/:id/reject': {
    url: (f) => `/api/admin/activities/${f.toRejectId}/reject`,
    body: (_p, f) => ({ ...f.toReject, reason: 'Not in the region' }),
    expect: adminOnly(204),
  },
  'GET /api/admin/activities/:id': {
    url: (f) => `/api/admin/activities/${f.ownActivityId}`,
    expect: adminOnly(200),
  },
  'GET /api/admin/activities': {
    url: () => '/api/admin/activities?status=published&provider=none&sponsored=no&search=a',
    expect: adminOnly(200),
  },
  'POST /api/admin/activities': { url: () => '/api/admin/activities', body: () => newActivity, expect: adminOnly(201) },
  'POST /api/admin/activities/:id/pause': {
    url: (f) => `/api/admin/activities/${f.guideActivityId}/pause`,
    expect: adminOnly(200),
  },
  'POST /api/admin/activities/:id/publish': {
    url: (f) => `/api/admin/activities/${f.guideActivityId}/publish`,
    expect: adminOnly(200),
  },
  'POST /api/admin/activities/:id/unpublish': {
    url: (f) => `/api/admin/activities/${f.guideActivityId}/unpublish`,
    expect: adminOnly(200),
  },
  'POST /api/admin/activities/:id/provider': {
    url: (f) => `/api/admin/activities/${f.guideActivityId}/provider`,
    body: (_p, f) => ({ providerId: f.approvedProviderId }),
    expect: adminOnly(200),
  },
  'GET /api/admin/activities/:id/audit': {
    url: (f) => `/api/admin/activities/${f.guideActivityId}/audit`,
    expect: adminOnly(200),
  },
  'PATCH /api/admin/activities/:id': {
    url: (f) => `/api/admin/activities/${f.ownActivityId}`,
    body: () => ({ sponsorLevel: 1 }),
    expect: adminOnly(204),
  },
  'POST /api/activities/:id/events': {
    url: (f) => `/api/activities/${f.activityId}/events`,
    body: () => ({ event: 'view' }),
    expect: all(204),
  },
  'GET /api/provider/analytics': {
    url: () => '/api/provider/analytics',
    expect: { ...providerLevel(200), pendingProvider: 200 },
  },
  'GET /api/provider/analytics.csv': {
    url: () => '/api/provider/analytics.csv',
    expect: { ...providerLevel(200), pendingProvider: 200 },
  },
  'GET /api/provider/bookings.csv': { url: () => '/api/provider/bookings.csv', expect: providerLevel(200) },
  // Public photos only: one that waits for approval is nobody's here (no session reaches /uploads).
  'GET /uploads/:file': { url: (f) => `/uploads/${f.waitingPhoto}`, expect: all(404) },
  // The same photo with the session: its provider's and the admins'; everyone else finds nothing.
  'GET /api/uploads/:file': {
    url: (f) => `/api/uploads/${f.waitingPhoto}`,
    expect: { ...all(404), provider: 200, admin: 200 },
  },
  'POST /api/bookings': {
    url: () => '/api/bookings',
    body: (p) => ({
      activityId: fixtures.activityId,
      customerName: `Matrix ${p}`,
      customerEmail: `${p}@example.com`,
      numberOfPeople: 2,
      bookingDate: '2027-06-01',
    }),
    expect: all(201),
  },
  'GET /api/bookings/mine': { url: () => '/api/bookings/mine', expect: loggedIn(200) },
  // With the token of the guest's mail, whoever holds the link sees the booking.
  'GET /api/bookings/:id': {
    url: (f) => `/api/bookings/${f.guestBooking}?token=${f.guestBookingToken}`,
    expect: all(200),
  },
  // Without the token: log in first; logged in, only the booker (nobody here) finds it.
  'POST /api/bookings/:id/cancel': {
    url: (f) => `/api/bookings/${f.guestBooking}/cancel`,
    expect: { ...all(404), anonymous: 401 },
  },
  'GET /api/provider/bookings': { url: () => '/api/provider/bookings', expect: providerLevel(200) },
  // The provider of the activity confirms; another provider does not see it; the admin comes too late.
  'POST /api/provider/bookings/:id/confirm': {
    url: (f) => `/api/provider/bookings/${f.bookingToConfirm}/confirm`,
    expect: { ...providerLevel(200), otherProvider: 404, admin: 409 },
  },
  'POST /api/provider/bookings/:id/decline': {
    url: (f) => `/api/provider/bookings/${f.bookingToDecline}/decline`,
    body: () => ({ message: 'Fully booked' }),
    expect: { ...providerLevel(200), otherProvider: 404, admin: 409 },
  },
  'POST /api/provider/bookings/:id/cancel': {
    url: (f) => `/api/provider/bookings/${f.bookingToCancel}/cancel`,
    body: () => ({ message: 'The river is too high' }),
    expect: { ...providerLevel(200), otherProvider: 404, admin: 409 },
  },
  // Availability (docs/availability.md): the answer is public; the settings, closures and day are
  // the owner's (a provider waiting for approval too, on their own) and any admin's.
  'GET /api/activities/:id/availability': {
    url: (f) => `/api/activities/${f.activityId}/availability?from=2027-01-10&to=2027-01-20`,
    expect: all(200),
  },
  'GET /api/provider/activities/:id/availability': {
    url: (f) => `/api/provider/activities/${f.ownActivityId}/availability`,
    expect: { ...providerLevel(200), pendingProvider: 404, otherProvider: 404 },
  },
  'PUT /api/provider/activities/:id/availability': {
    url: (f) => `/api/provider/activities/${f.ownActivityId}/availability`,
    body: () => ({ capacity: 6 }),
    expect: { ...providerLevel(200), pendingProvider: 404, otherProvider: 404 },
  },
  'POST /api/provider/activities/:id/closures': {
    url: (f) => `/api/provider/activities/${f.ownActivityId}/closures`,
    body: () => ({ date: '2027-01-20', slot: null }),
    expect: { ...providerLevel(200), pendingProvider: 404, otherProvider: 404 },
  },
  'GET /api/provider/activities/:id/days/:date': {
    url: (f) => `/api/provider/activities/${f.ownActivityId}/days/2027-01-20`,
    expect: { ...providerLevel(200), pendingProvider: 404, otherProvider: 404 },
  },
  'GET /api/admin/bookings': { url: () => '/api/admin/bookings', expect: adminOnly(200) },
  'GET /api/admin/bookings.csv': { url: () => '/api/admin/bookings.csv', expect: adminOnly(200) },
  'POST /api/admin/bookings/:id/confirm': {
    url: (f) => `/api/admin/bookings/${f.teamBookingToConfirm}/confirm`,
    expect: adminOnly(200),
  },
  'POST /api/admin/bookings/:id/decline': {
    url: (f) => `/api/admin/bookings/${f.teamBookingToDecline}/decline`,
    body: () => ({ message: 'Sold out' }),
    expect: adminOnly(200),
  },
  'POST /api/activities/:id/reviews': {
    url: (f) => `/api/activities/${f.activityId}/reviews`,
    body: (p) => ({
      rating: 4,
      comment: `Review by ${p}`,
      guestName: p === 'anonymous' ? 'Guest' : null,
      guestEmail: p === 'anonymous' ? 'matrix-guest@example.com' : null,
    }),
    expect: all(201),
  },
  // With the token of a review invitation, whoever holds the link sees what it knows.
  'GET /api/activities/:id/review-invitation': {
    url: (f) => `/api/activities/${f.activityId}/review-invitation?token=${f.reviewLinkToken}`,
    expect: all(200),
  },
  'GET /api/admin/reviews': { url: () => '/api/admin/reviews', expect: adminOnly(200) },
  'GET /api/admin/reviews/pending': { url: () => '/api/admin/reviews/pending', expect: adminOnly(200) },
  'PATCH /api/admin/reviews/:id/approval': {
    url: (f) => `/api/admin/reviews/${f.reviewId}/approval`,
    body: () => ({ isApproved: 1 }),
    expect: adminOnly(200),
  },
  'GET /images/*': { url: () => '/images/activities/markten-1.svg', expect: all(200) },
  'GET /images/share/:file': { url: () => '/images/share/markten-1.png', expect: all(200) },
  'GET /sitemap.xml': { url: () => '/sitemap.xml', expect: all(200) },
  // A part exists only past 9,000 activities.
  'GET /sitemaps/:file': { url: () => '/sitemaps/1.xml', expect: all(404) },
  'GET /robots.txt': { url: () => '/robots.txt', expect: all(200) },
  'GET /agenda.ics': { url: () => '/agenda.ics', expect: all(200) },
  // Public to all: an activity with no edition and no market days has no calendar (404, not 401/403).
  'GET /activity/:id(^\\d{1,9}).ics': { url: () => '/activity/999999999.ics', expect: all(404) },
  'GET /feed.atom': { url: () => '/feed.atom', expect: all(200) },
  'GET /api/provider/sponsorships': {
    url: () => '/api/provider/sponsorships',
    expect: { ...providerLevel(200), pendingProvider: 200 },
  },
  // The provider's own published activity: Checkout for them; another provider finds nothing.
  'POST /api/provider/activities/:id/sponsorship': {
    url: (f) => `/api/provider/activities/${f.activityId}/sponsorship`,
    body: () => ({ plan: 'premium' }),
    expect: { ...providerLevel(200), otherProvider: 404, admin: 403 },
  },
  // Only the provider has bought something (in the fixtures); the other has no billing account yet.
  'POST /api/provider/billing-portal': {
    url: () => '/api/provider/billing-portal',
    body: () => ({}),
    expect: { ...providerLevel(200), otherProvider: 409, admin: 403 },
  },
  'GET /api/admin/sponsorships': { url: () => '/api/admin/sponsorships', expect: adminOnly(200) },
  // Asking for a plan by hand: the provider's own published activity; another provider finds nothing.
  'POST /api/provider/activities/:id/sponsorship-request': {
    url: (f) => `/api/provider/activities/${f.activityId}/sponsorship-request`,
    body: () => ({ plan: 'premium' }),
    expect: { ...providerLevel(201), otherProvider: 404, admin: 403 },
  },
  'GET /api/admin/sponsorship-requests': {
    url: () => '/api/admin/sponsorship-requests?status=open',
    expect: adminOnly(200),
  },
  'POST /api/admin/sponsorship-requests/:id/grant': {
    url: (f) => `/api/admin/sponsorship-requests/${f.requestToGrant}/grant`,
    body: () => ({ until: '2099-12-31' }),
    expect: adminOnly(200),
  },
  'POST /api/admin/sponsorship-requests/:id/refuse': {
    url: (f) => `/api/admin/sponsorship-requests/${f.requestToRefuse}/refuse`,
    body: () => ({ reason: 'Matrix' }),
    expect: adminOnly(200),
  },
  // Stripe's calls carry no session, only a signature: without one, a 400 for everybody.
  'POST /api/stripe/webhook': {
    url: () => '/api/stripe/webhook',
    body: () => ({ id: 'evt_forged' }),
    expect: all(400),
  },
};

let meteo: StandIn;
let nominatim: StandIn;
let stripe: StripeStandIn;
const STRIPE = { STRIPE_SECRET_KEY: 'sk_test_matrix', STRIPE_WEBHOOK_SECRET: 'whsec_matrix' };
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'dl-matrix-'));
  meteo = await startStandIn(openMeteoAnswer);
  nominatim = await startStandIn(nominatimAnswer);
  stripe = await startStripeStandIn({
    secretKey: STRIPE.STRIPE_SECRET_KEY,
    webhookSecret: STRIPE.STRIPE_WEBHOOK_SECRET,
  });
});
afterAll(async () => {
  await meteo?.close();
  await nominatim?.close();
  await stripe?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const ctx = useTestApp(() => ({
  env: {
    OPEN_METEO_URL: meteo.url,
    NOMINATIM_URL: nominatim.url,
    ...STRIPE,
    STRIPE_API_URL: stripe.url,
    DATA_DIR: dataDir,
  },
  deps: { clock: fixedClock('2026-11-22T10:00:00Z') },
}));
const fixtures = {} as Fixtures;
const cookies = {} as Record<PrincipalName, string | undefined>;
const userIds = {} as Record<PrincipalName, string | undefined>;

beforeAll(async () => {
  const db = ctx.db;
  const chosen = new Date();
  const visitor = await createUser(db, { role: 'visitor', roleChosenAt: chosen });
  const admin = await createUser(db, { role: 'admin', isApproved: true, roleChosenAt: chosen });
  const newUser = await createUser(db, { roleChosenAt: null });
  const makeProvider = async (approved: boolean) => {
    const user = await createUser(db, { role: 'provider', isApproved: approved, roleChosenAt: chosen });
    const [row] = await db
      .insert(providers)
      .values({
        userId: user.id,
        name: 'P',
        email: user.email ?? `${user.id}@example.com`,
        isApproved: approved,
        status: approved ? 'approved' : 'pending',
      })
      .returning();
    return { user, provider: row };
  };
  const pending = await makeProvider(false);
  const provider = await makeProvider(true);
  const other = await makeProvider(true);
  // The one whose application every admin call reviews (the pending provider keeps their own state).
  const applicant = await makeProvider(false);
  fixtures.pendingProviderId = applicant.provider?.id ?? 0;
  fixtures.visitorId = visitor.id;
  fixtures.activityId = await createActivity(db, { bookingRequired: true, providerId: provider.provider?.id });
  const teamActivityId = await createActivity(db, { bookingRequired: true });
  fixtures.guideActivityId = await createActivity(db);
  fixtures.approvedProviderId = other.provider?.id ?? 0;
  const booking = async (email: string, activityId = fixtures.activityId) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: {
        activityId,
        customerName: 'Fixture',
        customerEmail: email,
        bookingDate: '2027-01-15',
      },
    });
    return res.json<{ id: number }>().id;
  };
  fixtures.bookingToConfirm = await booking('confirm@example.com');
  fixtures.bookingToDecline = await booking('decline@example.com');
  fixtures.bookingToCancel = await booking('cancel@example.com');
  fixtures.guestBooking = await booking('guest@example.com');
  fixtures.teamBookingToConfirm = await booking('team-confirm@example.com', teamActivityId);
  fixtures.teamBookingToDecline = await booking('team-decline@example.com', teamActivityId);
  fixtures.guestBookingToken = cancelToken(ctx.app.deps.secret, fixtures.guestBooking);
  // A confirmed booking whose day is over: its review invitation's link.
  const [past] = await db
    .insert(bookings)
    .values({
      activityId: fixtures.activityId,
      customerName: 'Went',
      customerEmail: 'went@example.com',
      bookingDate: '2026-11-01',
      status: 'confirmed',
    })
    .returning();
  fixtures.reviewLinkToken = reviewToken(ctx.app.deps.secret, past?.id ?? 0);
  const providerCookie = await sessionCookieFor(db, provider.user.id);
  const own = async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/provider/activities',
      headers: { cookie: providerCookie, ...sameOrigin },
      payload: newActivity,
    });
    return res.json<{ id: number }>().id;
  };
  fixtures.ownActivityId = await own();
  fixtures.deletableActivityId = await own();
  fixtures.toApproveId = await own();
  fixtures.toRejectId = await own();
  const adminCookie = await sessionCookieFor(db, admin.id);
  for (const [id, key] of [
    [fixtures.toApproveId, 'toApprove'],
    [fixtures.toRejectId, 'toReject'],
  ] as const) {
    const entry = await queueEntry(ctx.app, adminCookie, id);
    if (!entry) throw new Error(`activity ${id} is not in the queue`);
    fixtures[key] = { revisionId: entry.revisionId, contentHash: entry.contentHash };
  }
  const photographed = await own();
  const boundary = '----matrix';
  const photo = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#fa0' } })
    .png()
    .toBuffer();
  const uploaded = await ctx.app.inject({
    method: 'POST',
    url: `/api/provider/activities/${photographed}/image`,
    headers: { cookie: providerCookie, ...sameOrigin, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\n\r\n`),
      photo,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
  expect(uploaded.statusCode, uploaded.body).toBe(200);
  fixtures.waitingPhoto = `${/\/uploads\/(.+)\.webp$/.exec(uploaded.json<{ imageUrl: string }>().imageUrl)?.[1]}-400.webp`;
  fixtures.reviewId = (await createReview(db, fixtures.activityId, { rating: 3, isApproved: false })).id;
  fixtures.pendingTagId = (await createTag(db, 'matrix-pending', 'pending')).id;
  const linked = await ctx.app.inject({
    method: 'POST',
    url: `/api/activities/${fixtures.activityId}/tags`,
    headers: { cookie: await sessionCookieFor(db, visitor.id), ...sameOrigin },
    payload: { name: 'matrix-fixture' },
  });
  fixtures.activityTagId = linked.json<{ id: number }>().id;
  for (const key of ['requestToGrant', 'requestToRefuse'] as const) {
    const activityId = await createActivity(db, { providerId: provider.provider?.id });
    const [request] = await db
      .insert(sponsorshipRequests)
      .values({ activityId, userId: provider.user.id, plan: 'top' })
      .returning({ id: sponsorshipRequests.id });
    fixtures[key] = request?.id ?? 0;
  }
  // The provider has opened a checkout once: their Stripe customer exists.
  const checkout = await ctx.app.inject({
    method: 'POST',
    url: `/api/provider/activities/${fixtures.activityId}/sponsorship`,
    headers: { cookie: providerCookie, ...sameOrigin },
    payload: { plan: 'top' },
  });
  expect(checkout.statusCode).toBe(200);

  Object.assign(userIds, {
    anonymous: undefined,
    visitor: visitor.id,
    pendingProvider: pending.user.id,
    provider: provider.user.id,
    otherProvider: other.user.id,
    admin: admin.id,
    newUser: newUser.id,
  });
  for (const principal of PRINCIPALS) {
    const userId = userIds[principal];
    cookies[principal] = userId ? await sessionCookieFor(db, userId) : undefined;
  }
});

describe('permission matrix', () => {
  it('lists every route of the app, and nothing that is not one', () => {
    const routes = ctx.app.routeTable.map((r) => `${r.method} ${r.url}`);
    const unlisted = routes.filter((r) => !(r in TABLE));
    expect(unlisted, 'routes missing from the permission table').toEqual([]);
    const stale = Object.keys(TABLE).filter((key) => !routes.includes(key));
    expect(stale, 'table entries for routes that do not exist').toEqual([]);
  });

  it('declares an access level on every /api route', () => {
    const undeclared = ctx.app.routeTable.filter(
      (r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && r.url !== '/api/openapi.json' && !r.access,
    );
    expect(undeclared).toEqual([]);
  });

  it('answers each principal as the table says', async () => {
    const mismatches: string[] = [];
    for (const route of ctx.app.routeTable) {
      const key = `${route.method} ${route.url}`;
      const entry = TABLE[key];
      if (!entry) continue;
      for (const principal of PRINCIPALS) {
        const cookie = cookies[principal];
        const body = entry.body?.(principal, fixtures);
        const res = await ctx.app.inject({
          method: route.method as 'GET',
          url: entry.url(fixtures),
          // Each principal is another person, from another address (rate limits count per address).
          remoteAddress: `10.20.0.${PRINCIPALS.indexOf(principal) + 1}`,
          headers: { ...(cookie ? { cookie } : {}), ...sameOrigin },
          ...(body === undefined ? {} : { payload: body as object }),
        });
        if (res.statusCode !== entry.expect[principal]) {
          mismatches.push(
            `${key} as ${principal}: ${res.statusCode} (expected ${entry.expect[principal]}) ${res.body.slice(0, 120)}`,
          );
        }
        const userId = userIds[principal];
        if (userId && entry.undo && res.statusCode < 300) await entry.undo(userId);
        // Logging out or in (demo) ends the principal's session: give them a fresh one for the next route.
        if (userId && (key === 'POST /api/logout' || key.startsWith('POST /api/demo'))) {
          cookies[principal] = await sessionCookieFor(ctx.db, userId);
        }
      }
    }
    expect(mismatches).toEqual([]);
  });
});
