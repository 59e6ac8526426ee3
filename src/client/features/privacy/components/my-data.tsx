import { AlertCircle, CheckCircle2, Download } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { useErrorText } from '../../../lib/error-text';
import { useDownloadMyData } from '../api/download-my-data';

const DeleteAccountDialog = lazy(() => import('./delete-account-dialog'));

/** The rights a logged-in person uses here: download everything tied to the account, or delete it. */
export function MyData({ onDeleted }: { onDeleted: () => void }) {
  const { t } = useTranslation('privacy');
  const errorText = useErrorText();
  const download = useDownloadMyData();
  const [deleting, setDeleting] = useState(false);
  const deleteButton = useRef<HTMLButtonElement>(null);
  return (
    <section aria-labelledby="privacy-mine" className="space-y-3">
      <h3 id="privacy-mine" className="text-lg font-semibold text-ink-900">
        {t('mine.title')}
      </h3>
      <p className="text-sm text-ink-700">{t('mine.intro')}</p>
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => download.mutate()} disabled={download.isPending} aria-busy={download.isPending}>
          <Download aria-hidden className="h-4 w-4" />
          {download.isPending ? t('mine.downloading') : t('mine.download')}
        </Button>
        <Button ref={deleteButton} variant="danger" aria-haspopup="dialog" onClick={() => setDeleting(true)}>
          {t('mine.delete')}
        </Button>
      </div>
      {deleting ? (
        <Suspense fallback={null}>
          <DeleteAccountDialog onOpenChange={setDeleting} onDeleted={onDeleted} returnFocusTo={deleteButton} />
        </Suspense>
      ) : null}
      <div role="status" className="empty:hidden">
        {download.isSuccess ? (
          <p className="flex gap-2 text-sm text-emerald-900">
            <CheckCircle2 aria-hidden className="h-5 w-5 shrink-0" />
            {t('mine.downloaded')}
          </p>
        ) : null}
      </div>
      <div role="alert" className="empty:hidden">
        {download.isError ? (
          <p className="flex gap-2 text-sm text-red-900">
            <AlertCircle aria-hidden className="h-5 w-5 shrink-0" />
            {errorText(download.error, t('mine.downloadFailed'))}
          </p>
        ) : null}
      </div>
    </section>
  );
}
