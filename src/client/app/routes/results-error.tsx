import { AlertCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';

/**
 * The overview's results could not be shown: their data did not come, or their code did not load
 * (docs/rendering.md#results-later). Says so where they would be, with a way to try again.
 */
export function ResultsError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('activities');
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-3xl bg-white p-10 text-center ring-1 ring-sand-200"
    >
      <AlertCircle aria-hidden className="h-10 w-10 text-red-700" />
      <p className="font-semibold text-ink-900">{t('results.error')}</p>
      <Button variant="secondary" onClick={onRetry}>
        {t('results.retry')}
      </Button>
    </div>
  );
}
