import { useEffect } from 'react';
import type { ActivityEvent } from '../../domain/analytics';

/**
 * Counts a visit or a click for the provider's numbers
 * (docs/provider-workspace.md#numbers): one anonymous counter goes up, no
 * cookie is set. Sent with keepalive so a click that leaves the page still
 * arrives; a failure is of no concern to the visitor.
 */
export function trackEvent(activityId: number, event: ActivityEvent): void {
  try {
    void fetch(`/api/activities/${activityId}/events`, {
      method: 'POST',
      keepalive: true,
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ event }),
    }).catch(() => undefined);
  } catch {
    // Nothing to do: the numbers miss one visit.
  }
}

/**
 * Counts one view of an activity's detail page each time it is opened: in a task of its own, as the
 * effects of a hydrated page all run in one task, which a request would lengthen (docs/rendering.md#scripts).
 */
export function useTrackView(activityId: number | undefined): void {
  useEffect(() => {
    if (activityId === undefined) return;
    const sending = window.setTimeout(() => trackEvent(activityId, 'view'));
    return () => window.clearTimeout(sending);
  }, [activityId]);
}
