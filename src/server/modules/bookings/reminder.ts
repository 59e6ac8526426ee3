import { cancelDeadline } from '../../../domain/availability.js';
import { addDays, todayInParis } from '../../../domain/dates.js';
import { settingsOf } from '../availability/service.js';
import { bookingReminderMail } from '../mail/templates.js';
import type { ScheduledMail } from './service.js';

/**
 * The reminder (docs/mail.md#scheduled-mails): the day before a confirmed booking's day (in Limoux),
 * to the booking's address, in its language, with the same facts as the confirmation, and the cancel
 * link while the guest may still cancel. Only for confirmed bookings: a request nobody answered is
 * not a plan to remind anyone of, and a cancelled or declined booking has nothing to remind.
 *
 * None for a booking confirmed on the day before or on the day itself (an instant booking made then,
 * or a request answered late): its confirmation, with the same facts, came that very day. The booking
 * is marked all the same and never looked at again. Nor on the booked day after a stop that lasted the
 * whole day before: a reminder on the day itself would come too late to help.
 */
export const bookingReminder: ScheduledMail = {
  kind: 'reminder',
  statuses: ['confirmed'],
  days: (today) => ({ from: addDays(today, 1), to: addDays(today, 1) }),
  compose(_tx, deps, { booking, activity, facts, by, cancelUrl, at }) {
    // A booking's updatedAt moves only when its status does: for a confirmed one, when it was confirmed.
    if (todayInParis(booking.updatedAt) >= addDays(booking.bookingDate, -1)) return Promise.resolve(null);
    const deadline = cancelDeadline(settingsOf(activity), activity, booking.bookingDate, booking.slot);
    const cancel = at.getTime() < deadline.getTime() ? cancelUrl : null;
    return Promise.resolve(bookingReminderMail(facts, booking.language, by, cancel, deps.config.auth.publicUrl));
  },
};
