import { LogIn, ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../lib/navigation';
import { type AccessLevel, allows, principalOfUser } from '../../domain/policies';
import { buttonClass } from '../components/ui/button';
import { useAuthUser } from '../features/auth/api/auth-user';
import { useLoginHref } from '../lib/use-login-href';
import { PageSpinner } from './page-spinner';

/**
 * Shows a screen only to those the policy allows (the server enforces the
 * same rules on every call); others get a clear not-allowed page.
 */
export function RequireAccess({ level, children }: { level: AccessLevel; children: ReactNode }) {
  const { t } = useTranslation('account');
  const { data: user, isPending } = useAuthUser();
  const loginHref = useLoginHref();
  if (isPending) return <PageSpinner />;
  const principal = user ? principalOfUser(user) : null;
  if (allows(level, principal)) return <>{children}</>;
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <ShieldAlert aria-hidden className="h-12 w-12 text-terracotta-600" />
      <h1 className="text-2xl font-semibold text-ink-900">{t(user ? 'denied.title' : 'denied.loginTitle')}</h1>
      <p className="text-ink-600">{t(user ? 'denied.text' : 'denied.loginText')}</p>
      <div className="flex flex-wrap justify-center gap-3">
        {user ? null : (
          <a className={buttonClass()} href={loginHref}>
            <LogIn aria-hidden className="h-4 w-4" />
            {t('denied.login')}
          </a>
        )}
        <Link className={buttonClass({ variant: 'secondary' })} to="/">
          {t('denied.back')}
        </Link>
      </div>
    </div>
  );
}
