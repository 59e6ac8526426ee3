import { createHmac, randomBytes } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { clientKey } from '../../outside/fair-share.js';

/**
 * Whether a client sends an event of an activity for the first time today
 * (docs/provider-workspace.md#numbers): a script reloading a page counts once
 * a day, not 120 times a minute. What is kept is a keyed hash of client,
 * activity and event under a key made at random for the day and never
 * written anywhere, so the memory holds no address either; it is forgotten
 * when the day changes.
 */
export function onceADay({ max = 200_000 }: { max?: number } = {}) {
  let day = '';
  let key = randomBytes(32);
  const seen = new LRUCache<string, true>({ max });
  return {
    first(today: string, client: string, activityId: number, event: string): boolean {
      if (today !== day) {
        day = today;
        key = randomBytes(32);
        seen.clear();
      }
      const id = createHmac('sha256', key)
        .update(`${clientKey(client)}|${activityId}|${event}`)
        .digest('base64url');
      if (seen.has(id)) return false;
      seen.set(id, true);
      return true;
    },
  };
}
