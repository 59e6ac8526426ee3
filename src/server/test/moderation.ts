import { LIST_MAX_PAGE_SIZE } from '../../domain/pagination.js';
import type { PendingActivity } from '../../domain/provider-activities.js';
import type { App } from '../app.js';
import { sameOrigin } from './sessions.js';

/** The admin queue's entry of an activity, as the admin panel shows it (undefined when nothing waits). */
export async function queueEntry(app: App, adminCookie: string, activityId: number) {
  for (let offset = 0; ; offset += LIST_MAX_PAGE_SIZE) {
    const res = await app.inject({
      url: `/api/admin/activities/pending?limit=${LIST_MAX_PAGE_SIZE}&offset=${offset}`,
      headers: { cookie: adminCookie },
    });
    if (res.statusCode !== 200) throw new Error(`the queue answered ${res.statusCode}: ${res.body}`);
    const page = res.json<PendingActivity[]>();
    const found = page.find((entry) => entry.activityId === activityId);
    if (found || page.length < LIST_MAX_PAGE_SIZE) return found;
  }
}

/**
 * Approves, or rejects with a reason, what waits for an activity, naming the request as the admin
 * panel does: by the revision id and content hash the queue showed (docs/moderation.md#activities).
 */
export async function decideActivity(
  app: App,
  adminCookie: string,
  activityId: number,
  decision: { reject: string } | 'approve' = 'approve',
) {
  const entry = await queueEntry(app, adminCookie, activityId);
  if (!entry) throw new Error(`nothing of activity ${activityId} waits in the queue`);
  const shown = { revisionId: entry.revisionId, contentHash: entry.contentHash };
  return app.inject({
    method: 'POST',
    url: `/api/admin/activities/${activityId}/${decision === 'approve' ? 'approve' : 'reject'}`,
    headers: { cookie: adminCookie, ...sameOrigin },
    payload: decision === 'approve' ? shown : { ...shown, reason: decision.reject },
  });
}
