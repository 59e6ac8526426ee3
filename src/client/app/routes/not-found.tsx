import { Compass } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../lib/navigation';
import { buttonClass } from '../../components/ui/button';

export function NotFoundRoute() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <p className="font-display text-7xl font-semibold text-terracotta-600">404</p>
      <Compass aria-hidden className="h-10 w-10 text-ink-500" />
      <h1 className="text-2xl font-semibold text-ink-900">{t('notFound.title')}</h1>
      <p className="text-ink-600">{t('notFound.text')}</p>
      <Link className={buttonClass()} to="/">
        {t('notFound.back')}
      </Link>
    </div>
  );
}
