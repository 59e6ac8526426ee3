import { AlertCircle, Compass, KeyRound, LayoutDashboard, Store } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, Link, useSearchParams } from '../../lib/navigation';
import type { DemoAccount } from '../../../domain/auth';
import { isReturnPath, loginPath } from '../../../domain/return-path';
import { buttonClass } from '../../components/ui/button';
import { toast } from '../../components/ui/toast-store';
import { Skeleton } from '../../components/ui/skeleton';
import { useDemoLogin } from '../../features/auth/api/auth-mutations';
import { useClientConfig } from '../../lib/client-config';

const cardClass =
  'flex flex-col items-start gap-2 rounded-3xl bg-white p-6 ring-1 ring-sand-200 hover:ring-terracotta-500';

/**
 * The login portal (docs/accounts.md): the demo logins and the real login,
 * each only where this server offers it, and always browsing as a visitor.
 */
export function LoginRoute() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const demoLogin = useDemoLogin();
  const config = useClientConfig();
  // Until the server has said which logins exist, offer none (a failed config load: the real login only).
  const logins = config.data?.logins ?? { demo: false, identityProvider: config.isError };
  const error = params.get('error');
  // Where the visitor was before logging in (set by /api/login?returnTo=...).
  const requested = params.get('returnTo');
  const returnTo = requested && isReturnPath(requested) ? requested : null;

  const login = (account: DemoAccount) =>
    demoLogin.mutate(account, {
      onSuccess: () => {
        toast({ title: t('login.success') });
        void navigate(returnTo ?? (account === 'admin' ? '/admin' : '/'));
      },
      onError: () => toast({ title: t('login.failed'), description: t('login.failedText'), variant: 'destructive' }),
    });

  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="font-display text-3xl font-semibold text-ink-900 md:text-4xl">{t('login.title')}</h1>
      <p className="mt-2 text-ink-600">{t('login.intro')}</p>
      {error ? (
        <p role="alert" className="mt-6 flex gap-2 rounded-2xl bg-red-50 p-4 text-red-900">
          <AlertCircle aria-hidden className="h-5 w-5 shrink-0" />
          {t(error === 'provider_unavailable' ? 'login.providerUnavailable' : 'login.callbackFailed')}
        </p>
      ) : null}
      {config.isPending ? <Skeleton className="mt-8 h-40 w-full" /> : null}
      {!config.isPending && !logins.demo && !logins.identityProvider ? (
        <p role="status" className="mt-8 rounded-2xl bg-sand-100 p-4 text-ink-700">
          {t('login.noneConfigured')}
        </p>
      ) : null}
      <div className="mt-8 grid gap-4 sm:grid-cols-3">
        {(logins.demo ? (['admin', 'provider'] as const) : []).map((account) => {
          const Icon = account === 'admin' ? LayoutDashboard : Store;
          const key = account === 'admin' ? 'asAdmin' : 'asProvider';
          return (
            <button
              key={account}
              type="button"
              onClick={() => login(account)}
              disabled={demoLogin.isPending}
              className={`${cardClass} text-left disabled:opacity-60`}
            >
              <Icon aria-hidden className="h-7 w-7 text-terracotta-600" />
              <span className="font-semibold text-ink-900">{t(`login.${key}`)}</span>
              <span className="text-sm text-ink-600">{t(`login.${key}Text`)}</span>
            </button>
          );
        })}
        <Link to={returnTo ?? '/'} className={cardClass}>
          <Compass aria-hidden className="h-7 w-7 text-terracotta-600" />
          <span className="font-semibold text-ink-900">{t('login.asVisitor')}</span>
          <span className="text-sm text-ink-600">{t('login.asVisitorText')}</span>
        </Link>
      </div>
      {logins.identityProvider ? (
        <div className="mt-8 flex items-center gap-3 rounded-3xl bg-sand-100 p-5">
          <KeyRound aria-hidden className="h-6 w-6 shrink-0 text-ink-700" />
          <p className="flex-1 text-sm text-ink-700">{t('login.realText')}</p>
          <a className={buttonClass({ variant: 'secondary', size: 'sm' })} href={loginPath(returnTo)}>
            {t('login.real')}
          </a>
        </div>
      ) : null}
    </div>
  );
}
