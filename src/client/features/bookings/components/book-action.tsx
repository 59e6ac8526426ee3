import { CalendarCheck } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
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

interface BookActionProps {
  activity: BookableActivity;
  prefill?: BookingPrefill;
  /** Open at once (the overview's "Book" button leads here with ?book=1). */
  openAtStart?: boolean;
  onOpenChange?: (open: boolean) => void;
}

/** The detail page's "Book now" button and the dialog it opens; focus returns to the button. */
export function BookAction({ activity, prefill, openAtStart = false, onOpenChange }: BookActionProps) {
  const { t } = useTranslation('bookings');
  const hydrated = useHydrated();
  const [open, setOpen] = useState(openAtStart);
  // Once asked for, the dialog stays mounted: closing keeps what was typed, as before.
  const [wanted, setWanted] = useState(openAtStart);
  const button = useRef<HTMLButtonElement>(null);
  const change = (next: boolean) => {
    if (next) setWanted(true);
    setOpen(next);
    onOpenChange?.(next);
  };
  const preload = () => void loadDialog();
  return (
    <>
      <p className="mt-3 text-sm text-ink-600">
        {t(whoAnswersKey('bookHint', activity.answeredBy), {
          name: activity.answeredBy?.kind === 'provider' ? activity.answeredBy.name : '',
        })}
      </p>
      <Button
        ref={button}
        size="lg"
        className="mt-4 w-full"
        onClick={() => change(true)}
        onPointerEnter={preload}
        onFocus={preload}
      >
        <CalendarCheck aria-hidden className="h-5 w-5" />
        {t('bookNow')}
      </Button>
      {hydrated && wanted ? (
        <Suspense fallback={null}>
          <BookingDialog
            activity={activity}
            open={open}
            onOpenChange={change}
            returnFocusTo={button}
            {...(prefill ? { prefill } : {})}
          />
        </Suspense>
      ) : null}
    </>
  );
}
