import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from '../lib/navigation';
import type { AuthUser } from '../../domain/auth';
import { type SponsorPlan, SPONSOR_PLANS } from '../../domain/plans';
import { isAdmin, isProvider, principalOfUser } from '../../domain/policies';
import { loginPath } from '../../domain/return-path';
import { useSessionUser } from '../features/auth/api/auth-user';
import { APPLY_PATH } from '../features/auth/apply-path';
import { useBrowserValue } from '../lib/use-hydrated';
import { useLanguage } from '../i18n/use-language';
import { cn } from '../lib/cn';
import { useClientConfig } from '../lib/client-config';
import { formatPrice } from '../lib/format';

const SPONSORSHIP_PAGE = '/provider/sponsorship';

/**
 * Where a plan's button leads each person (docs/sponsorship.md#the-plan-buttons): login for
 * anonymous visitors, the provider application for a visitor, the sponsorship page for a provider
 * (which tells a pending one to wait; without online payment they ask the team for the plan there),
 * the admin's overview for an admin.
 */
function planTarget(
  plan: SponsorPlan,
  user: AuthUser | null | undefined,
  paymentsOff: boolean,
): { to: string; label: string; internal: boolean } {
  const principal = user ? principalOfUser(user) : null;
  if (!principal) return { to: loginPath(SPONSORSHIP_PAGE), label: 'plans.signup', internal: false };
  if (isAdmin(principal)) return { to: '/admin/sponsorships', label: 'plans.manage', internal: true };
  if (isProvider(principal)) {
    return plan.price === 0
      ? { to: '/provider', label: 'plans.yourActivities', internal: true }
      : { to: SPONSORSHIP_PAGE, label: paymentsOff ? 'plans.ask' : 'plans.choose', internal: true };
  }
  return { to: APPLY_PATH, label: 'plans.becomeProvider', internal: true };
}

/** The three provider plans (docs/product.md#sponsorship), each with a button that leads where this person can take it. */
export function SponsorPlans({ className, tone = 'dark' }: { className?: string; tone?: 'dark' | 'light' }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const user = useSessionUser();
  const config = useClientConfig();
  // As the server rendered it (it does not ask for the configuration) while hydrating.
  const paymentsOff = useBrowserValue(config.data?.payments, undefined) === false;
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
            {(() => {
              const target = planTarget(plan, user, paymentsOff);
              const buttonClass = cn(
                'mt-6 inline-flex h-11 items-center justify-center rounded-full px-4 text-center text-sm font-semibold',
                featured
                  ? 'bg-white text-terracotta-800 hover:bg-sand-100'
                  : 'bg-terracotta-600 text-white hover:bg-terracotta-700',
              );
              const label = t(target.label, { plan: name });
              return target.internal ? (
                <Link to={target.to} className={buttonClass}>
                  {label}
                </Link>
              ) : (
                <a href={target.to} className={buttonClass}>
                  {label}
                </a>
              );
            })()}
            {paymentsOff && plan.price > 0 ? (
              <p className={cn('mt-2 text-xs', featured || dark ? 'text-sand-200' : 'text-ink-500')}>
                {t('plans.paymentsOff')}
              </p>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
