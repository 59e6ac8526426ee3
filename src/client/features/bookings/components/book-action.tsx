import { CalendarCheck } from 'lucide-react';
import { lazy, type RefObject, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { useHydrated } from '../../../lib/use-hydrated';
import type { AnsweredBy } from '../../../../domain/activities';

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

// The dialog (its calendar, its form, its texts of availability) loads when a visitor is about to
// open it, not with the detail page (docs/availability.md#what-the-guest-sees).
const loadDialog = () => import('./booking-dialog');
const BookingDialog = lazy(() => loadDialog().then((module) => ({ default: module.BookingDialog })));

/**
 * One booking dialog and the buttons that open it: the price box's, and on a phone the detail page's
 * booking bar (docs/product.md#the-detail-page). Focus returns to the button that opened it.
 */
export interface BookingOpener {
  open: boolean;
  /** Once asked for, the dialog stays mounted: closing keeps what was typed. */
  wanted: boolean;
  /** Opens or closes the dialog; `from`: the button that opens it, where focus returns. */
  change: (open: boolean, from?: HTMLButtonElement | null) => void;
  /** Where focus returns: the button that opened the dialog, or one shown (opened with ?book=1). */
  returnFocusTo: RefObject<HTMLButtonElement | null>;
  /** Each "Book now" button makes itself known while it is there; the function returned forgets it. */
  register: (button: HTMLButtonElement | null) => (() => void) | undefined;
}

/** The state of a page's booking dialog; `openAtStart`: the overview's "Book" button leads here with ?book=1. */
export function useBookingOpener(openAtStart = false, onOpenChange?: (open: boolean) => void): BookingOpener {
  const [open, setOpen] = useState(openAtStart);
  const [wanted, setWanted] = useState(openAtStart);
  const returnFocusTo = useRef<HTMLButtonElement | null>(null);
  const buttons = useRef(new Set<HTMLButtonElement>());
  const register = useCallback((button: HTMLButtonElement | null) => {
    if (!button) return undefined;
    const all = buttons.current;
    all.add(button);
    return () => void all.delete(button);
  }, []);
  const change = (next: boolean, from?: HTMLButtonElement | null) => {
    if (from) returnFocusTo.current = from;
    // Opened by no button (?book=1): focus returns to the one the screen shows.
    else if (!returnFocusTo.current)
      returnFocusTo.current = [...buttons.current].find((button) => button.getClientRects().length > 0) ?? null;
    if (next) setWanted(true);
    setOpen(next);
    onOpenChange?.(next);
  };
  return { open, wanted, change, returnFocusTo, register };
}

const preloadDialog = () => void loadDialog();

/** A "Book now" button of the page's booking dialog. */
export function BookButton({ opener, className }: { opener: BookingOpener; className?: string }) {
  const { t } = useTranslation('bookings');
  const button = useRef<HTMLButtonElement>(null);
  const { register } = opener;
  useEffect(() => register(button.current), [register]);
  return (
    <Button
      ref={button}
      size="lg"
      className={className}
      onClick={(event) => opener.change(true, event.currentTarget)}
      onPointerEnter={preloadDialog}
      onFocus={preloadDialog}
    >
      <CalendarCheck aria-hidden className="h-5 w-5" />
      {t('bookNow')}
    </Button>
  );
}

interface BookActionProps {
  activity: BookableActivity;
  prefill?: BookingPrefill;
  opener: BookingOpener;
  /** Classes of the box around the button: the detail page shows it from the large breakpoint, and its bar below. */
  buttonBoxClassName?: string;
}

/** The detail page's "Book now" button with who answers, and the dialog it opens. */
export function BookAction({ activity, prefill, opener, buttonBoxClassName }: BookActionProps) {
  const { t } = useTranslation('bookings');
  const hydrated = useHydrated();
  return (
    <>
      <p className="mt-3 text-sm text-ink-600">
        {t(whoAnswersKey('bookHint', activity.answeredBy), {
          name: activity.answeredBy?.kind === 'provider' ? activity.answeredBy.name : '',
        })}
      </p>
      <div className={buttonBoxClassName}>
        <BookButton opener={opener} className="mt-4 w-full" />
      </div>
      {hydrated && opener.wanted ? (
        <Suspense fallback={null}>
          <BookingDialog
            activity={activity}
            open={opener.open}
            onOpenChange={opener.change}
            returnFocusTo={opener.returnFocusTo}
            {...(prefill ? { prefill } : {})}
          />
        </Suspense>
      ) : null}
    </>
  );
}
