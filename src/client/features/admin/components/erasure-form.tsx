import { Loader2 } from 'lucide-react';
import { AlertDialog } from 'radix-ui';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ErasureResult, erasureBody } from '../../../../domain/privacy';
import { Button, buttonClass } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';
import { useErrorText } from '../../../lib/error-text';
import { useEraseAddress } from '../api/erasures';

/** What an erasure does, as the confirmation says it (docs/privacy.md#erasure-on-request), in order. */
const EFFECTS = ['account', 'reviews', 'pastBookings', 'futureBookings', 'provider', 'record'] as const;
/** The counts of an answer, in the order the result tells them. */
const COUNTS = ['accounts', 'bookingsErased', 'bookingsKeptUntilTheirDay', 'reviews', 'providers'] as const;

/** The counts an erasure answered, said in words; nothing held is said as such. */
function ErasureDone({ email, result }: { email: string; result: ErasureResult }) {
  const { t } = useTranslation('admin');
  const counts = COUNTS.filter((key) => result[key] > 0);
  if (counts.length === 0) return <p>{t('privacy.erase.nothing', { email })}</p>;
  return (
    <>
      <p className="font-medium">{t('privacy.erase.done', { email })}</p>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {counts.map((key) => (
          <li key={key}>{t(`privacy.erase.counts.${key}`, { count: result[key] })}</li>
        ))}
      </ul>
    </>
  );
}

/**
 * An admin erases everything tied to an e-mail address, on a person's request (docs/privacy.md#erasure-on-request):
 * the address checked with the API's own schema, a confirmation that says what will happen, then the
 * counts of what was done in a status region (the record keeps who and when only).
 */
export function ErasureForm() {
  const { t } = useTranslation('admin');
  const errorText = useErrorText();
  const id = useId();
  const erase = useEraseAddress();
  const inputRef = useRef<HTMLInputElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState(false);
  // The checked address waiting for the admin's confirmation.
  const [asked, setAsked] = useState<string | null>(null);
  const [done, setDone] = useState<{ email: string; result: ErasureResult } | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = erasureBody.safeParse({ email });
    setInvalid(!parsed.success);
    if (!parsed.success) {
      inputRef.current?.focus();
      return;
    }
    setAsked(parsed.data.email);
  };

  const confirm = () => {
    if (asked === null || erase.isPending) return;
    setDone(null);
    setFailed(null);
    erase.mutate(
      { email: asked },
      {
        onSuccess: (result) => {
          setDone({ email: asked, result });
          setEmail('');
        },
        onError: (error) => setFailed(errorText(error, t('privacy.erase.failed'))),
        onSettled: () => setAsked(null),
      },
    );
  };

  const described = [`${id}-hint`, invalid ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4 rounded-3xl bg-white p-4 ring-1 ring-sand-200 sm:p-6">
      <div>
        <h2 id={`${id}-title`} className="text-xl font-semibold text-ink-900">
          {t('privacy.erase.title')}
        </h2>
        <p className="mt-1 max-w-2xl text-sm text-ink-600">{t('privacy.erase.intro')}</p>
      </div>
      <form noValidate onSubmit={submit} aria-labelledby={`${id}-title`} className="space-y-3">
        <div>
          <label htmlFor={`${id}-email`} className="block text-sm font-medium text-ink-800">
            {t('privacy.erase.email')}
          </label>
          <p id={`${id}-hint`} className="mt-1 text-sm text-ink-600">
            {t('privacy.erase.emailHint')}
          </p>
          <Input
            ref={inputRef}
            id={`${id}-email`}
            type="email"
            autoComplete="off"
            spellCheck={false}
            className="mt-2 max-w-xl"
            value={email}
            aria-invalid={invalid}
            aria-describedby={described}
            onChange={(event) => setEmail(event.target.value)}
          />
          {invalid ? (
            <p id={`${id}-error`} className="mt-1 text-sm text-red-800">
              {t('privacy.erase.invalid')}
            </p>
          ) : null}
        </div>
        <Button ref={submitRef} type="submit" variant="danger" disabled={erase.isPending}>
          {t('privacy.erase.submit')}
        </Button>
      </form>
      {/* Always in the page, so that a screen reader hears what is put in it. */}
      <div
        role="status"
        className={cn('text-sm text-ink-800', done && 'rounded-2xl bg-emerald-50 p-4 text-emerald-950')}
      >
        {done ? <ErasureDone email={done.email} result={done.result} /> : null}
      </div>
      {failed ? (
        <p role="alert" className="rounded-2xl bg-red-50 p-4 text-sm text-red-900">
          {failed}
        </p>
      ) : null}
      <AlertDialog.Root
        open={asked !== null}
        onOpenChange={(open) => {
          // While the erasure runs, the dialog stays: its answer closes it.
          if (!open && !erase.isPending) setAsked(null);
        }}
      >
        <AlertDialog.Portal>
          <AlertDialog.Overlay className="fixed inset-0 z-50 bg-ink-900/40 backdrop-blur-[2px] animate-fade-in" />
          <AlertDialog.Content
            className={cn(
              'fixed z-50 bg-white shadow-xl focus:outline-none animate-slide-in md:animate-fade-in',
              'inset-x-0 bottom-0 max-h-[90dvh] overflow-y-auto rounded-t-3xl p-6',
              'md:inset-auto md:left-1/2 md:top-1/2 md:w-full md:max-w-lg md:-translate-x-1/2 md:-translate-y-1/2 md:rounded-3xl',
            )}
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              submitRef.current?.focus();
            }}
          >
            <AlertDialog.Title className="break-words text-xl font-semibold text-ink-900">
              {t('privacy.erase.confirm.title', { email: asked ?? '' })}
            </AlertDialog.Title>
            <AlertDialog.Description className="mt-1 text-sm text-ink-600">
              {t('privacy.erase.confirm.description')}
            </AlertDialog.Description>
            <ul className="my-4 list-disc space-y-2 pl-5 text-sm text-ink-700">
              {EFFECTS.map((effect) => (
                <li key={effect}>{t(`privacy.erase.confirm.effects.${effect}`)}</li>
              ))}
            </ul>
            <div className="flex flex-wrap justify-end gap-2">
              <AlertDialog.Cancel className={buttonClass({ variant: 'secondary' })} disabled={erase.isPending}>
                {t('privacy.erase.confirm.cancel')}
              </AlertDialog.Cancel>
              <Button
                variant="danger"
                aria-disabled={erase.isPending || undefined}
                className={erase.isPending ? 'cursor-wait opacity-70' : undefined}
                onClick={confirm}
              >
                {erase.isPending ? <Loader2 aria-hidden className="h-4 w-4 animate-spin" /> : null}
                {erase.isPending ? t('privacy.erase.confirm.busy') : t('privacy.erase.confirm.submit')}
              </Button>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </section>
  );
}
