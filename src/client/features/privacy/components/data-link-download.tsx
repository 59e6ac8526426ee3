import { AlertCircle, CheckCircle2, Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Link } from '../../../lib/navigation';
import { errorCodeOf, useErrorText } from '../../../lib/error-text';
import { useDownloadByLink } from '../api/download-by-link';

/** The codes after which the link cannot work again: the page then offers only the way back. */
const SPENT = ['DATA_LINK_INVALID', 'DATA_LINK_EXPIRED', 'DATA_LINK_USED'];

/**
 * Where a mailed data link leads (docs/privacy.md#download-my-data): it explains, and one button
 * downloads the file. Opening the page spends nothing (a mail scanner opens links): only the button does.
 */
export function DataLinkDownload({ token }: { token: string }) {
  const { t } = useTranslation('privacy');
  const errorText = useErrorText();
  const download = useDownloadByLink();
  const code = errorCodeOf(download.error);
  const spent = download.isSuccess || (code !== null && SPENT.includes(code));

  return (
    <div className="space-y-5 rounded-3xl bg-white p-6 ring-1 ring-sand-200">
      <p className="text-ink-700">{t('link.intro')}</p>
      {spent ? null : (
        <Button
          size="lg"
          onClick={() => download.mutate(token)}
          disabled={download.isPending}
          aria-busy={download.isPending}
        >
          <Download aria-hidden className="h-5 w-5" />
          {download.isPending ? t('link.downloading') : t('link.download')}
        </Button>
      )}
      <div role="status" className="empty:hidden">
        {download.isSuccess ? (
          <p className="flex gap-2 rounded-2xl bg-emerald-50 p-4 text-emerald-900">
            <CheckCircle2 aria-hidden className="h-5 w-5 shrink-0" />
            {t('link.done')}
          </p>
        ) : null}
      </div>
      <div role="alert" className="empty:hidden">
        {download.isError ? (
          <p className="flex gap-2 rounded-2xl bg-red-50 p-4 text-red-900">
            <AlertCircle aria-hidden className="h-5 w-5 shrink-0" />
            {errorText(download.error, t('link.failed'))}
          </p>
        ) : null}
      </div>
      <Link to="/privacy" className="inline-block font-medium text-terracotta-700 underline">
        {t('link.back')}
      </Link>
    </div>
  );
}
