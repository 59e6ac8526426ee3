import { Cookie } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage } from '../../../domain/languages';
import { Button } from '../../components/ui/button';
import { forgetLanguageCookie, persistLanguage } from '../../i18n';
import { type Consent, readConsent, storeConsent } from '../../lib/consent';
import { Link } from '../../lib/navigation';

/** The banner appears 2 s after load when no choice is stored (docs/product.md#cookie-consent). */
export const COOKIE_BANNER_DELAY_MS = 2000;

export function CookieBanner() {
  const { t, i18n } = useTranslation();
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (readConsent() !== null) return;
    const timer = setTimeout(() => setVisible(true), COOKIE_BANNER_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  const decide = (consent: Consent) => {
    storeConsent(consent);
    if (consent === 'accepted' && isLanguage(i18n.language)) persistLanguage(i18n.language);
    if (consent === 'declined') forgetLanguageCookie();
    setVisible(false);
  };

  if (!visible) return null;
  return (
    <section
      aria-labelledby="cookie-banner-title"
      className="fixed inset-x-3 bottom-20 z-[90] mx-auto max-w-xl rounded-3xl bg-white p-5 shadow-2xl ring-1 ring-sand-200 animate-slide-in lg:bottom-6"
    >
      <div className="flex gap-4">
        <Cookie aria-hidden className="mt-0.5 h-6 w-6 shrink-0 text-terracotta-600" />
        <div className="space-y-3">
          <h2 id="cookie-banner-title" className="text-base font-semibold text-ink-900">
            {t('cookies.title')}
          </h2>
          <p className="text-sm text-ink-600">
            {t('cookies.text')}{' '}
            <Link to="/privacy" className="font-medium text-terracotta-700 underline">
              {t('cookies.privacy')}
            </Link>
          </p>
          <div className="flex flex-wrap gap-2">
            <Button size="sm" onClick={() => decide('accepted')}>
              {t('cookies.accept')}
            </Button>
            <Button size="sm" variant="secondary" onClick={() => decide('declined')}>
              {t('cookies.decline')}
            </Button>
          </div>
        </div>
      </div>
    </section>
  );
}
