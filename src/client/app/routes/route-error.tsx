import { AlertTriangle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';

/** Shown when a screen fails to render (or its code fails to load, e.g. after a deploy). */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      className="mx-auto flex min-h-dvh max-w-xl flex-col items-center justify-center gap-4 px-4 text-center"
    >
      <AlertTriangle aria-hidden className="h-12 w-12 text-red-700" />
      <h1 className="text-2xl font-semibold text-ink-900">{t('error.title')}</h1>
      <p className="text-ink-600">{t('error.text')}</p>
      <Button onClick={() => window.location.reload()}>{t('error.reload')}</Button>
    </div>
  );
}
