import { AlertDialog } from 'radix-ui';
import { AlertCircle, X } from 'lucide-react';
import { type RefObject, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReviewChoice } from '../../../../domain/privacy';
import { Button, buttonClass } from '../../../components/ui/button';
import { errorCodeOf, useErrorText } from '../../../lib/error-text';
import { useDeleteAccount } from '../api/delete-account';

const CHOICES: { value: ReviewChoice; key: string }[] = [
  { value: 'keep', key: 'deleteDialog.keep' },
  { value: 'delete', key: 'deleteDialog.remove' },
];

/**
 * The confirmation of "delete my account" (docs/privacy.md#deleting-an-account): what happens to
 * bookings, activities and sessions, the choice for one's reviews, then DELETE /api/me. `onDeleted`
 * runs once the server has deleted the account (the screen logs the app out and goes home). A chunk
 * of its own: the page's visitors who are not logged in never need it.
 */
export default function DeleteAccountDialog({
  onOpenChange,
  onDeleted,
  returnFocusTo,
}: {
  onOpenChange: (open: boolean) => void;
  onDeleted: () => void;
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}) {
  const { t } = useTranslation('privacy');
  const errorText = useErrorText();
  const id = useId();
  const [reviews, setReviews] = useState<ReviewChoice>('keep');
  const remove = useDeleteAccount();
  const failure = remove.isError
    ? errorCodeOf(remove.error) === 'LAST_ADMIN'
      ? t('deleteDialog.lastAdmin')
      : errorText(remove.error, t('deleteDialog.failed'))
    : null;

  return (
    <AlertDialog.Root
      open
      onOpenChange={(next) => {
        // Closing is refused while the deletion is on its way: its answer must be seen.
        if (!remove.isPending) onOpenChange(next);
      }}
    >
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-ink-900/40 backdrop-blur-[2px] animate-fade-in" />
        <AlertDialog.Content
          className={
            'fixed z-50 bg-white shadow-xl focus:outline-none animate-slide-in md:animate-fade-in ' +
            'inset-x-0 bottom-0 max-h-[90dvh] overflow-y-auto rounded-t-3xl p-6 ' +
            'md:inset-auto md:left-1/2 md:top-1/2 md:w-full md:max-w-lg md:-translate-x-1/2 md:-translate-y-1/2 md:rounded-3xl'
          }
          onCloseAutoFocus={(event) => {
            // It opens without a Trigger: focus goes back to the button that opened it.
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
        >
          <div className="mb-4 flex items-start justify-between gap-4">
            <AlertDialog.Title className="text-xl font-semibold text-ink-900">
              {t('deleteDialog.title')}
            </AlertDialog.Title>
            <AlertDialog.Cancel
              aria-label={t('deleteDialog.close')}
              disabled={remove.isPending}
              className="-m-2 rounded-full p-2 text-ink-600 hover:bg-sand-100 hover:text-ink-900"
            >
              <X aria-hidden className="h-5 w-5" />
            </AlertDialog.Cancel>
          </div>
          <AlertDialog.Description asChild>
            <div className="space-y-2 text-sm text-ink-700">
              <p>{t('deleteDialog.intro')}</p>
              <ul className="list-disc space-y-1 pl-5">
                <li>{t('deleteDialog.account')}</li>
                <li>{t('deleteDialog.bookings')}</li>
                <li>{t('deleteDialog.provider')}</li>
              </ul>
            </div>
          </AlertDialog.Description>
          <form
            className="mt-5 space-y-5"
            onSubmit={(event) => {
              event.preventDefault();
              remove.mutate({ confirm: true, reviews }, { onSuccess: onDeleted });
            }}
          >
            <fieldset>
              <legend className="mb-2 text-sm font-semibold text-ink-900">{t('deleteDialog.reviews')}</legend>
              <div className="space-y-2">
                {CHOICES.map(({ value, key }) => (
                  <label
                    key={value}
                    className="flex cursor-pointer items-center gap-3 rounded-xl px-3 py-2 ring-1 ring-sand-200 has-[:checked]:ring-2 has-[:checked]:ring-terracotta-600"
                  >
                    <input
                      type="radio"
                      name={`${id}-reviews`}
                      value={value}
                      checked={reviews === value}
                      onChange={() => setReviews(value)}
                      className="h-4 w-4 accent-terracotta-600"
                    />
                    <span className="text-sm text-ink-900">{t(key)}</span>
                  </label>
                ))}
              </div>
            </fieldset>
            <div role="alert" className="empty:hidden">
              {failure ? (
                <p className="flex gap-2 rounded-2xl bg-red-50 p-3 text-sm text-red-900">
                  <AlertCircle aria-hidden className="h-5 w-5 shrink-0" />
                  {failure}
                </p>
              ) : null}
            </div>
            <div className="flex flex-wrap justify-end gap-2">
              <AlertDialog.Cancel className={buttonClass({ variant: 'secondary' })} disabled={remove.isPending}>
                {t('deleteDialog.cancel')}
              </AlertDialog.Cancel>
              <Button type="submit" variant="danger" disabled={remove.isPending} aria-busy={remove.isPending}>
                {remove.isPending ? t('deleteDialog.deleting') : t('deleteDialog.confirm')}
              </Button>
            </div>
          </form>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
