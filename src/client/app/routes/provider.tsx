import { CalendarCheck, Crown, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../lib/navigation';
import { isApprovedProvider, mayEditOwnActivities, principalOfUser } from '../../../domain/policies';
import { buttonClass } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { useAuthUser } from '../../features/auth/api/auth-user';
import { useOwnActivities } from '../../features/provider/api/provider-activities';
import { NumbersDashboard } from '../../features/provider/components/numbers-dashboard';
import { OwnActivityRow } from '../../features/provider/components/own-activity-row';
import { RequireAccess } from '../require-access';

function OwnActivities({ readOnly }: { readOnly: boolean }) {
  const { t } = useTranslation('provider');
  const { data, isPending, isError } = useOwnActivities();
  if (isPending) return <Skeleton className="h-40 w-full" />;
  if (isError)
    return (
      <p role="alert" className="text-red-800">
        {t('list.loadFailed')}
      </p>
    );
  if (data.length === 0)
    return <p className="rounded-3xl bg-white p-8 text-ink-600 ring-1 ring-sand-200">{t('list.none')}</p>;
  return (
    <ul aria-label={t('list.label')} className="divide-y divide-sand-100 rounded-3xl bg-white ring-1 ring-sand-200">
      {data.map((activity) => (
        <OwnActivityRow key={activity.id} activity={activity} readOnly={readOnly} />
      ))}
    </ul>
  );
}

function Workspace() {
  const { t } = useTranslation('provider');
  const { data: user } = useAuthUser();
  const principal = user ? principalOfUser(user) : null;
  const approved = isApprovedProvider(principal);
  // An admin passes the workspace's access level too, with nothing of their own to change here.
  const readOnly = principal?.role === 'provider' && !mayEditOwnActivities(principal);
  return (
    <div className="mx-auto max-w-5xl space-y-10 px-4 py-10">
      <div className="space-y-3">
        <h1 className="font-display text-3xl font-semibold text-ink-900 md:text-4xl">{t('title')}</h1>
        {readOnly ? (
          <p role="note" className="rounded-2xl bg-red-50 p-4 text-red-900">
            {t('introRejected')}
          </p>
        ) : (
          <p className="text-ink-600">{t(approved ? 'intro' : 'introPending')}</p>
        )}
        <div className="flex flex-wrap gap-3">
          {readOnly ? null : (
            <Link className={buttonClass()} to="/provider/activities/new">
              <Plus aria-hidden className="h-4 w-4" />
              {t('new')}
            </Link>
          )}
          {approved ? (
            <Link className={buttonClass({ variant: 'secondary' })} to="/provider/bookings">
              <CalendarCheck aria-hidden className="h-4 w-4" />
              {t('bookings')}
            </Link>
          ) : null}
          {approved ? (
            <Link className={buttonClass({ variant: 'secondary' })} to="/provider/sponsorship">
              <Crown aria-hidden className="h-4 w-4" />
              {t('sponsorship')}
            </Link>
          ) : null}
        </div>
      </div>
      <section aria-labelledby="own-activities" className="space-y-4">
        <h2 id="own-activities" className="text-xl font-semibold text-ink-900">
          {t('list.title')}
        </h2>
        <OwnActivities readOnly={readOnly} />
      </section>
      <section aria-labelledby="numbers" className="space-y-4">
        <h2 id="numbers" className="text-xl font-semibold text-ink-900">
          {t('numbers.title')}
        </h2>
        <NumbersDashboard showBookings={approved} />
      </section>
    </div>
  );
}

/** "My activities": a provider's activities, what visitors did with them, and the way to add more. */
export function ProviderRoute() {
  return (
    <RequireAccess level="provider">
      <Workspace />
    </RequireAccess>
  );
}
