import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePendingProviders, useUsers } from '../../features/admin/api/admin-api';
import { AdminTabs } from '../../features/admin/components/admin-tabs';
import { ProvidersPanel } from '../../features/admin/components/providers-panel';
import { UsersPanel } from '../../features/admin/components/users-panel';
import { RequireAccess } from '../require-access';

function AdminPanel() {
  const { t } = useTranslation('admin');
  const pending = usePendingProviders();
  const users = useUsers();
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="font-display text-3xl font-semibold text-ink-900 md:text-4xl">{t('title')}</h1>
        <Link to="/admin/tags" className="font-medium text-terracotta-700 hover:underline">
          {t('toTags')}
        </Link>
      </div>
      <div className="mt-8">
        <AdminTabs
          label={t('tabsLabel')}
          defaultValue="providers"
          tabs={[
            { value: 'providers', title: t('providers.tab'), count: pending.data?.length, content: <ProvidersPanel /> },
            { value: 'users', title: t('users.tab'), count: users.data?.length, content: <UsersPanel /> },
          ]}
        />
      </div>
    </div>
  );
}

export function AdminRoute() {
  return (
    <RequireAccess level="admin">
      <AdminPanel />
    </RequireAccess>
  );
}
