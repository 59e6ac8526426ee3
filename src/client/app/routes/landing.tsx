import { Compass, LogIn, Mountain, PartyPopper, ShoppingBasket, Store } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../lib/navigation';
import { buttonClass } from '../../components/ui/button';
import { loginPath } from '../../../domain/return-path';
import { useSessionUser } from '../../features/auth/api/auth-user';
import { SponsorPlans } from '../sponsor-plans';
import { APPLY_PATH } from '../../features/auth/apply-path';

const DISCOVER = [
  { key: 'markets', icon: ShoppingBasket, image: '/images/activities/markten-1.svg', category: 'markten' },
  { key: 'festivals', icon: PartyPopper, image: '/images/activities/feesten-1.svg', category: 'feesten' },
  { key: 'nature', icon: Mountain, image: '/images/activities/viewpoints-1.svg', category: 'viewpoints' },
] as const;

/** Marketing page for visitors who are not logged in (docs/product.md#screens). */
export function LandingRoute() {
  const { t } = useTranslation('landing');
  const user = useSessionUser();
  return (
    <div>
      <section className="bg-gradient-to-b from-terracotta-50 to-sand-50">
        <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-16 md:grid-cols-2 md:py-24">
          <div>
            <h1 className="font-display text-4xl font-semibold leading-tight text-ink-900 md:text-5xl">
              {t('hero.title')}
            </h1>
            <p className="mt-4 text-lg text-ink-600">{t('hero.subtitle')}</p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Link className={buttonClass({ size: 'lg' })} to="/">
                <Compass aria-hidden className="h-5 w-5" />
                {t('hero.explore')}
              </Link>
              <a className={buttonClass({ variant: 'secondary', size: 'lg' })} href="/api/login">
                <LogIn aria-hidden className="h-5 w-5" />
                {t('hero.login')}
              </a>
            </div>
          </div>
          <img
            src="/images/activities/uitjes-1.svg"
            alt=""
            width={800}
            height={500}
            className="w-full rounded-3xl shadow-xl ring-1 ring-sand-200"
          />
        </div>
      </section>

      <section aria-labelledby="discover-title" className="mx-auto max-w-7xl px-4 py-16">
        <h2 id="discover-title" className="text-3xl font-semibold text-ink-900">
          {t('discover.title')}
        </h2>
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          {DISCOVER.map(({ key, icon: Icon, image, category }) => (
            <li key={key} className="overflow-hidden rounded-3xl bg-white ring-1 ring-sand-200">
              <img
                src={image}
                alt=""
                width={800}
                height={500}
                loading="lazy"
                className="aspect-[16/10] w-full object-cover"
              />
              <div className="space-y-2 p-6">
                <Icon aria-hidden className="h-6 w-6 text-terracotta-600" />
                <h3 className="text-lg font-semibold text-ink-900">{t(`discover.${key}.title`)}</h3>
                <p className="text-ink-600">{t(`discover.${key}.text`)}</p>
                <Link
                  to={`/?category=${category}`}
                  className="inline-block pt-2 font-medium text-terracotta-700 hover:underline"
                >
                  {t(`discover.${key}.link`)}
                </Link>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="providers-title" className="bg-sand-100">
        <div className="mx-auto max-w-7xl px-4 py-16">
          <Store aria-hidden className="h-8 w-8 text-terracotta-600" />
          <h2 id="providers-title" className="mt-3 text-3xl font-semibold text-ink-900">
            {t('providers.title')}
          </h2>
          <p className="mt-2 max-w-2xl text-ink-600">{t('providers.text')}</p>
          {user ? (
            <Link className={buttonClass({ size: 'lg', className: 'mt-6' })} to={APPLY_PATH}>
              {t('providers.become')}
            </Link>
          ) : (
            // Logged out (or not known yet, while hydrating): log in first, then the application.
            <a className={buttonClass({ size: 'lg', className: 'mt-6' })} href={loginPath(APPLY_PATH)}>
              {t('providers.become')}
            </a>
          )}
          <SponsorPlans tone="light" className="mt-10" />
        </div>
      </section>
    </div>
  );
}
