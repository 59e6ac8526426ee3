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
      {/* A sign drawn with a border, not an icon: this screen is in the JS every page loads first (docs/benchmarks.md). */}
      <span
        aria-hidden
        className="flex h-12 w-12 items-center justify-center rounded-full border-4 border-red-700 text-2xl font-bold text-red-700"
      >
        !
      </span>
      <h1 className="text-2xl font-semibold text-ink-900">{t('error.title')}</h1>
      <p className="text-ink-600">{t('error.text')}</p>
      <Button onClick={() => window.location.reload()}>{t('error.reload')}</Button>
    </div>
  );
}
