import { Clock } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, Link } from '../../lib/navigation';
import { buttonClass } from '../../components/ui/button';
import { useAuthUser } from '../../features/auth/api/auth-user';
import { RoleSelectionForm } from '../../features/auth/components/role-selection-form';
import { RequireAccess } from '../require-access';

/** Role choice after the first login (docs/accounts.md#role-selection). */
export function RoleSelectionRoute() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const [providerDone, setProviderDone] = useState(false);
  const { data: user } = useAuthUser();
  // A visitor who chose before comes back to apply as a provider (docs/accounts.md#role-selection).
  const applying = user?.roleChosen === true && user.role === 'visitor';
  if (providerDone) {
    return (
      <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
        <Clock aria-hidden className="h-12 w-12 text-terracotta-600" />
        <h1 className="text-2xl font-semibold text-ink-900">{t('role.pendingTitle')}</h1>
        <p className="text-ink-600">{t('role.pendingText')}</p>
        <Link className={buttonClass()} to="/">
          {t('role.toOverview')}
        </Link>
      </div>
    );
  }
  return (
    <RequireAccess level="newUser">
      <div className="mx-auto max-w-3xl px-4 py-12">
        <h1 className="font-display text-3xl font-semibold text-ink-900 md:text-4xl">
          {t(applying ? 'role.applyTitle' : 'role.title')}
        </h1>
        <p className="mb-8 mt-2 text-ink-600">{t(applying ? 'role.applyIntro' : 'role.intro')}</p>
        <RoleSelectionForm
          providerOnly={applying}
          onDone={(role) => (role === 'provider' ? setProviderDone(true) : void navigate('/'))}
        />
      </div>
    </RequireAccess>
  );
}
