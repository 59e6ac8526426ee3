import { BadgeCheck, Clock, LogIn, ShieldCheck, XCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { loginPath } from '../../../domain/return-path';
import { buttonClass } from '../../components/ui/button';
import { useAuthUser } from '../../features/auth/api/auth-user';
import { APPLY_PATH } from '../../features/auth/apply-path';
import { RoleSelectionForm } from '../../features/auth/components/role-selection-form';
import { Link } from '../../lib/navigation';
import { PageSpinner } from '../page-spinner';

/** One state of the application: an icon, a heading, what it means and where to go from here. */
function Note({ icon, title, text, children }: { icon: ReactNode; title: string; text: string; children?: ReactNode }) {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      {icon}
      <h1 className="text-2xl font-semibold text-ink-900">{title}</h1>
      <p className="text-ink-600">{text}</p>
      {children ? <div className="flex flex-wrap justify-center gap-3">{children}</div> : null}
    </div>
  );
}

const iconClass = 'h-12 w-12 text-terracotta-600';

/**
 * Becoming a provider (docs/accounts.md#becoming-a-provider): where /landing's "Word aanbieder", the
 * plan buttons and the profile menu lead. A visitor fills in the role choice's provider part; the
 * application then waits for an admin, and this page says so until one decides.
 */
export function ProviderApplyRoute() {
  const { t } = useTranslation('account');
  const { data: user, isPending, isError } = useAuthUser();
  if (isPending) return <PageSpinner />;
  if (isError) {
    return (
      <Note
        icon={<XCircle aria-hidden className={iconClass} />}
        title={t('apply.title')}
        text={t('apply.loadFailed')}
      />
    );
  }
  if (!user) {
    return (
      <Note icon={<LogIn aria-hidden className={iconClass} />} title={t('apply.title')} text={t('apply.loginText')}>
        <a className={buttonClass()} href={loginPath(APPLY_PATH)}>
          <LogIn aria-hidden className="h-4 w-4" />
          {t('apply.login')}
        </a>
      </Note>
    );
  }
  if (user.role === 'admin') {
    return (
      <Note
        icon={<ShieldCheck aria-hidden className={iconClass} />}
        title={t('apply.adminTitle')}
        text={t('apply.adminText')}
      >
        <Link className={buttonClass()} to="/admin">
          {t('apply.toAdmin')}
        </Link>
      </Note>
    );
  }
  if (user.role === 'provider') {
    if (user.providerStatus === 'rejected') {
      return (
        <Note
          icon={<XCircle aria-hidden className={iconClass} />}
          title={t('apply.rejectedTitle')}
          text={t('menu.rejected')}
        />
      );
    }
    if (user.isApproved) {
      return (
        <Note
          icon={<BadgeCheck aria-hidden className={iconClass} />}
          title={t('apply.approvedTitle')}
          text={t('apply.approvedText')}
        >
          <Link className={buttonClass()} to="/provider">
            {t('apply.toActivities')}
          </Link>
        </Note>
      );
    }
    return (
      <Note
        icon={<Clock aria-hidden className={iconClass} />}
        title={t('apply.pendingTitle')}
        text={t('role.pendingText')}
      >
        <Link className={buttonClass()} to="/provider">
          {t('apply.prepare')}
        </Link>
        <Link className={buttonClass({ variant: 'secondary' })} to="/">
          {t('role.toOverview')}
        </Link>
      </Note>
    );
  }
  // A visitor made one again by an admin after applying does not apply twice (the server says 409 too).
  if (user.providerStatus) {
    return (
      <Note
        icon={<Clock aria-hidden className={iconClass} />}
        title={t('apply.appliedBeforeTitle')}
        text={t('apply.appliedBeforeText')}
      />
    );
  }
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="font-display text-3xl font-semibold text-ink-900 md:text-4xl">{t('role.applyTitle')}</h1>
      <p className="mb-8 mt-2 text-ink-600">{t('role.applyIntro')}</p>
      {/* On success the account is a pending provider, and this page shows the pending note. */}
      <RoleSelectionForm providerOnly onDone={() => undefined} />
    </div>
  );
}
