import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SPONSOR_PLANS } from '../../domain/plans';
import { useLanguage } from '../i18n/use-language';
import { cn } from '../lib/cn';
import { formatPrice } from '../lib/format';

/** The three provider plans (docs/product.md#sponsorship), each with a signup button that leads to login. */
export function SponsorPlans({ className, tone = 'dark' }: { className?: string; tone?: 'dark' | 'light' }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const dark = tone === 'dark';
  return (
    <ul className={cn('grid gap-4 md:grid-cols-3', className)}>
      {SPONSOR_PLANS.map((plan) => {
        const featured = plan.id === 'top';
        const name = t(`plans.${plan.id}.name`);
        return (
          <li
            key={plan.id}
            className={cn(
              'flex flex-col rounded-3xl p-6 ring-1',
              featured
                ? 'bg-terracotta-700 text-white ring-terracotta-500'
                : dark
                  ? 'bg-white/5 ring-white/10'
                  : 'bg-white ring-sand-200',
            )}
          >
            <h3 className={cn('text-lg font-semibold', featured || dark ? 'text-white' : 'text-ink-900')}>{name}</h3>
            <p className={cn('mt-2 text-3xl font-bold', featured || dark ? 'text-white' : 'text-ink-900')}>
              {plan.price === 0 ? t('plans.free') : formatPrice(plan.price, language)}
              {plan.period ? (
                <span className={cn('text-base font-normal', featured || dark ? 'text-sand-200' : 'text-ink-500')}>
                  {' '}
                  {t(`plans.per.${plan.period}`)}
                </span>
              ) : null}
            </p>
            <ul className={cn('mt-4 flex-1 space-y-2 text-sm', featured || dark ? 'text-sand-100' : 'text-ink-700')}>
              {(t(`plans.${plan.id}.features`, { returnObjects: true }) as string[]).map((feature) => (
                <li key={feature} className="flex gap-2">
                  <Check
                    aria-hidden
                    className={cn('mt-0.5 h-4 w-4 shrink-0', featured || dark ? 'text-vine-100' : 'text-vine-600')}
                  />
                  {feature}
                </li>
              ))}
            </ul>
            <a
              href="/api/login"
              className={cn(
                'mt-6 inline-flex h-11 items-center justify-center rounded-full text-sm font-semibold',
                featured
                  ? 'bg-white text-terracotta-800 hover:bg-sand-100'
                  : 'bg-terracotta-600 text-white hover:bg-terracotta-700',
              )}
            >
              {t('plans.signup', { plan: name })}
            </a>
          </li>
        );
      })}
    </ul>
  );
}
