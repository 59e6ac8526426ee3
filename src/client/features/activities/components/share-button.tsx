import { Share2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../components/ui/toast-store';
import { cn } from '../../../lib/cn';

interface ShareButtonProps {
  title: string;
  text: string;
  /** The address shared; the page's own when left out (read at the click: the server has no window). */
  url?: string;
  className?: string;
}

/**
 * docs/product.md#the-detail-page: the device's share sheet when there is one; otherwise the link is
 * copied and a toast says so. A cancelled share says 'Sharing cancelled'.
 */
export function ShareButton({ title, text, url: givenUrl, className }: ShareButtonProps) {
  const { t } = useTranslation('detail');

  const share = async () => {
    const url = givenUrl ?? window.location.href;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, text, url });
        return;
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') {
          toast({ title: t('share.cancelled') });
          return;
        }
        // A share sheet that fails for another reason: fall back to copying.
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: t('share.copied') });
    } catch {
      toast({ title: t('share.failed'), description: url, variant: 'destructive' });
    }
  };

  return (
    <button
      type="button"
      onClick={() => void share()}
      aria-label={t('share.label')}
      className={cn(
        'inline-flex h-10 w-10 items-center justify-center rounded-full bg-white/90 text-ink-700 shadow-sm backdrop-blur hover:bg-white',
        className,
      )}
    >
      <Share2 aria-hidden className="h-5 w-5" />
    </button>
  );
}
