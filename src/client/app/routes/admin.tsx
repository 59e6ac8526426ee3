import { useTranslation } from 'react-i18next';
import { Link } from '../../lib/navigation';
import {
  useAdminReviews,
  usePendingActivities,
  useApprovedProviders,
  usePendingProviders,
  useUsers,
} from '../../features/admin/api/admin-api';
import { lazy } from 'react';
import { ActivitiesList } from '../../features/admin/components/activities-list';
import { ActivitiesModeration } from '../../features/admin/components/activities-moderation';
import { useAdminBookings } from '../../features/bookings/api/provider-bookings';
import { BookingsInbox } from '../../features/bookings/components/bookings-inbox';
import { BrowserOnly } from '../../components/map/browser-only';
import { CountTabs } from '../../components/ui/count-tabs';
import { ImportsPanel } from '../../features/admin/components/imports-panel';
import { PrivacyPanel } from '../../features/admin/components/privacy-panel';
import { ProvidersPanel } from '../../features/admin/components/providers-panel';
import { ReviewsModeration } from '../../features/admin/components/reviews-moderation';
import { SiteSettingsPanel } from '../../features/admin/components/site-settings-form';
import { UsersPanel } from '../../features/admin/components/users-panel';
import { useSponsorshipRequests } from '../../features/sponsorships/api/sponsorships';
import { SponsorshipOverview } from '../../features/sponsorships/components/sponsorship-overview';
import { SponsorshipRequests } from '../../features/sponsorships/components/sponsorship-requests';
import { RequireAccess } from '../require-access';

const LocationMap = lazy(() => import('../../features/map/components/location-map'));

function AdminPanel({ tab }: { tab: string }) {
  const { t } = useTranslation('admin');
  const pending = usePendingProviders();
  const users = useUsers();
  const pendingReviews = useAdminReviews('pending');
  const pendingActivities = usePendingActivities();
  // The tab counts the requests only the team answers: pending, of listings without a provider.
  const teamBookings = useAdminBookings({ status: 'pending', provider: 'none' });
  const sponsorshipRequests = useSponsorshipRequests('open');
  // The providers the bookings inbox can be narrowed to (the features do not read each other's data).
  const approvedProviders = useApprovedProviders();
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
          defaultValue={tab}
          tabs={[
            {
              value: 'providers',
              title: t('providers.tab'),
              count: pending.isPending ? undefined : pending.total,
              content: <ProvidersPanel />,
            },
            {
              value: 'activities',
              title: t('list.tab'),
              content: <ActivitiesList />,
            },
            {
              value: 'queue',
              title: t('activities.tab'),
              count: pendingActivities.isPending ? undefined : pendingActivities.total,
              content: (
                <ActivitiesModeration
                  map={(content) => (
                    <BrowserOnly untilNear fallback={<div className="mt-4 h-48 rounded-2xl bg-sand-100" />}>
                      <LocationMap
                        latitude={content.latitude}
                        longitude={content.longitude}
                        category={content.category}
                        name={content.name}
                      />
                    </BrowserOnly>
                  )}
                />
              ),
            },
            {
              value: 'users',
              title: t('users.tab'),
              count: users.isPending ? undefined : users.total,
              content: <UsersPanel />,
            },
            {
              value: 'reviews',
              title: t('reviews.tab'),
              count: pendingReviews.isPending ? undefined : pendingReviews.total,
              content: <ReviewsModeration />,
            },
            {
              value: 'bookings',
              title: t('bookings.tab'),
              count: teamBookings.isPending ? undefined : teamBookings.total,
              content: (
                <BookingsInbox
                  providers={approvedProviders.items.map((p) => ({ id: p.id, name: p.company ?? p.name }))}
                />
              ),
            },
            {
              value: 'sponsorships',
              title: t('sponsorships.tab'),
              // What waits for an answer: the providers' open requests for a plan.
              count: sponsorshipRequests.isPending ? undefined : sponsorshipRequests.total,
              content: (
                <div className="space-y-10">
                  <SponsorshipRequests />
                  <SponsorshipOverview />
                </div>
              ),
            },
            { value: 'imports', title: t('imports.tab'), content: <ImportsPanel /> },
            { value: 'settings', title: t('settings.tab'), content: <SiteSettingsPanel /> },
            { value: 'privacy', title: t('privacy.tab'), content: <PrivacyPanel /> },
          ]}
        />
      </div>
    </div>
  );
}

/** The admin panel; `/admin/activities` opens on every activity, `/admin/activities/pending` on the approval queue, `/admin/bookings` on the bookings inbox, `/admin/imports` on the imports, `/admin/settings` on the site settings, `/admin/privacy` on erasures and their record. */
export function AdminRoute({ tab = 'providers' }: { tab?: string }) {
  return (
    <RequireAccess level="admin">
      <AdminPanel tab={tab} />
    </RequireAccess>
  );
}
