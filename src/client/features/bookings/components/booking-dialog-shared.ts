import type { AnsweredBy } from '../../../../domain/activities';

/*
 * What the detail page's "Book now" and the booking dialog share. Apart from the dialog, so that the
 * page loads the dialog (its calendar, its form) only when a visitor opens it.
 */

export interface BookableActivity {
  id: number;
  name: string;
  /** Per person, in euros; null when unknown. */
  price: number | null;
  /** An event's next edition (docs/product.md#event-dates): the calendar opens on its first month. */
  eventStart: string | null;
  eventEnd: string | null;
  /** Who answers the request (docs/product.md#who-answers): the provider, or the guide's team. */
  answeredBy?: AnsweredBy;
}

/** Name, e-mail and phone of a logged-in visitor, filled in for them. */
export interface BookingPrefill {
  name: string;
  email: string;
  /** The account's phone; when it has none, the dialog takes that of their latest booking. */
  phone?: string | null;
}

/** The dialog's and the detail page's text on who answers: a `<key>By` with the provider's name, or `<key>Team`. */
export const whoAnswersKey = <K extends 'dialog.description' | 'bookHint' | 'dialog.confirmManual'>(
  key: K,
  by: AnsweredBy | undefined,
) => (by === undefined ? key : by.kind === 'team' ? (`${key}Team` as const) : (`${key}By` as const));
