import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAdminReviews, usePendingProviders, useUsers } from '../../features/admin/api/admin-api';
import { CountTabs } from '../../components/ui/count-tabs';
import { ProvidersPanel } from '../../features/admin/components/providers-panel';
import { ReviewsModeration } from '../../features/admin/components/reviews-moderation';
import { UsersPanel } from '../../features/admin/components/users-panel';
import { RequireAccess } from '../require-access';

function AdminPanel() {
  const { t } = useTranslation('admin');
  const pending = usePendingProviders();
  const users = useUsers();
  const pendingReviews = useAdminReviews('pending');
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="font-display text-3xl font-semibold text-ink-900 md:text-4xl">{t('title')}</h1>
        <Link to="/admin/tags" className="font-medium text-terracotta-700 hover:underline">
          {t('toTags')}
        </Link>
      </div>
      <div className="mt-8">
        <CountTabs
          label={t('tabsLabel')}
          defaultValue="providers"
          tabs={[
            { value: 'providers', title: t('providers.tab'), count: pending.data?.length, content: <ProvidersPanel /> },
            { value: 'users', title: t('users.tab'), count: users.data?.length, content: <UsersPanel /> },
            {
              value: 'reviews',
              title: t('reviews.tab'),
              count: pendingReviews.isPending ? undefined : pendingReviews.total,
              content: <ReviewsModeration />,
            },
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
