import { WifiOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useOnline } from '../../lib/use-online';

/**
 * Says so when the device is offline (docs/offline.md): what is shown is what this device kept,
 * and what needs the server (booking, reviews, logging in) waits for the connection.
 */
export function OfflineNotice() {
  const { t } = useTranslation();
  const online = useOnline();
  return (
    <div role="status" aria-live="polite">
      {online ? null : (
        <p className="flex items-center justify-center gap-2 bg-ink-900 px-4 py-2 text-center text-sm text-white">
          <WifiOff aria-hidden className="h-4 w-4 shrink-0" />
          {t('offline.notice')}
        </p>
      )}
    </div>
  );
}
