import { CalendarCheck } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { type BookableActivity, BookingDialog, whoAnswersKey } from './booking-dialog';

interface BookActionProps {
  activity: BookableActivity;
  prefill?: { name: string; email: string };
  /** Open at once (the overview's "Book" button leads here with ?book=1). */
  openAtStart?: boolean;
  onOpenChange?: (open: boolean) => void;
}

/** The detail page's "Book now" button and the dialog it opens; focus returns to the button. */
export function BookAction({ activity, prefill, openAtStart = false, onOpenChange }: BookActionProps) {
  const { t } = useTranslation('bookings');
  const [open, setOpen] = useState(openAtStart);
  const button = useRef<HTMLButtonElement>(null);
  const change = (next: boolean) => {
    setOpen(next);
    onOpenChange?.(next);
  };
  return (
    <>
      <p className="mt-3 text-sm text-ink-600">
        {t(whoAnswersKey('bookHint', activity.answeredBy), {
          name: activity.answeredBy?.kind === 'provider' ? activity.answeredBy.name : '',
        })}
      </p>
      <Button ref={button} size="lg" className="mt-4 w-full" onClick={() => change(true)}>
        <CalendarCheck aria-hidden className="h-5 w-5" />
        {t('bookNow')}
      </Button>
      <BookingDialog
        activity={activity}
        open={open}
        onOpenChange={change}
        returnFocusTo={button}
        {...(prefill ? { prefill } : {})}
      />
    </>
  );
}
