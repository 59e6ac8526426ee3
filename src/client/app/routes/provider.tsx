import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Skeleton } from '../../components/ui/skeleton';
import { useOwnActivities } from '../../features/provider/api/own-activities';
import { RequireAccess } from '../require-access';

function OwnActivities() {
  const { t } = useTranslation('account');
  const { data, isPending, isError } = useOwnActivities();
  if (isPending) return <Skeleton className="h-40 w-full" />;
  if (isError)
    return (
      <p role="alert" className="text-red-800">
        {t('provider.loadFailed')}
      </p>
    );
  if (data.length === 0)
    return <p className="rounded-3xl bg-white p-8 text-ink-600 ring-1 ring-sand-200">{t('provider.none')}</p>;
  return (
    <ul className="divide-y divide-sand-100 rounded-3xl bg-white ring-1 ring-sand-200">
      {data.map((activity) => (
        <li key={activity.id} className="flex flex-wrap items-center gap-3 px-5 py-4">
          <Link to={`/activity/${activity.id}`} className="font-semibold text-ink-900 hover:underline">
            {activity.name}
          </Link>
          <span className="text-sm text-ink-500">{activity.city}</span>
          <span className="ml-auto rounded-full bg-sand-100 px-2 py-0.5 text-xs font-semibold text-ink-700">
            {t(
              activity.isActive && activity.isApproved
                ? 'provider.live'
                : activity.isApproved
                  ? 'provider.inactive'
                  : 'provider.awaiting',
            )}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** "My activities" for approved providers, with the way to their bookings. */
export function ProviderRoute() {
  const { t } = useTranslation('account');
  return (
    <RequireAccess level="approvedProvider">
      <div className="mx-auto max-w-4xl px-4 py-10">
        <h1 className="font-display text-3xl font-semibold text-ink-900 md:text-4xl">{t('provider.title')}</h1>
        <p className="mb-4 mt-2 text-ink-600">{t('provider.intro')}</p>
        <nav aria-label={t('provider.title')} className="mb-8">
          <Link to="/provider/bookings" className="font-medium text-terracotta-700 hover:underline">
            {t('provider.bookings')}
          </Link>
        </nav>
        <OwnActivities />
      </div>
    </RequireAccess>
  );
}
