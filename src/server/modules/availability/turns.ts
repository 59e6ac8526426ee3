import { serviceUnavailable } from '../../errors.js';

/** How long a booking waits for its turn before it is answered 503 (try again). */
export const TURN_WAIT_MS = 30_000;

/**
 * The bookings of one activity's day on this app instance, one after another
 * (docs/availability.md#places). The day's advisory lock is what keeps two bookings from taking
 * the same places, on every instance; but a transaction waiting for it holds one of the pool's
 * connections all the while, and a burst of bookings for one day (50 at once, in
 * concurrency.test.ts) held every connection: the rest of the app, and the burst's own later
 * requests, waited past the pool's one second and answered 503. Here they wait in turn without a
 * connection, so each instance has at most one transaction per day at the lock; a turn that does
 * not come within `waitMs` (a transaction stuck on a database that stopped answering) is a 503.
 */
export class DayTurns {
  /** Per activity and day, the end of the last turn handed out (never rejects). */
  private readonly last = new Map<string, Promise<void>>();

  async run<T>(activityId: number, day: string, work: () => Promise<T>, waitMs = TURN_WAIT_MS): Promise<T> {
    const key = `${activityId}/${day}`;
    const previous = this.last.get(key) ?? Promise.resolve();
    let release = () => undefined as void;
    const done = new Promise<void>((resolve) => {
      release = resolve;
    });
    this.last.set(key, done);
    const leave = () => {
      release();
      // The last in the queue leaves nothing behind.
      if (this.last.get(key) === done) this.last.delete(key);
    };
    let timer: NodeJS.Timeout | undefined;
    const turn = await Promise.race([
      previous.then(() => true),
      new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), waitMs);
      }),
    ]);
    clearTimeout(timer);
    if (!turn) {
      // Given up: the next in the queue goes once the one before this has finished.
      void previous.then(leave);
      throw serviceUnavailable('Many bookings for this day at once: try again in a moment');
    }
    try {
      return await work();
    } finally {
      leave();
    }
  }
}
