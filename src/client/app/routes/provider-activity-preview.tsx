import { Eye, Pencil } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../lib/navigation';
import { useParams } from 'wouter';
import { buttonClass } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { mayEditOwnActivities, principalOfUser } from '../../../domain/policies';
import { useAuthUser } from '../../features/auth/api/auth-user';
import { useOwnActivity } from '../../features/provider/api/provider-activities';
import { ActivityPreview } from '../../features/provider/components/activity-preview';
import { ApiError } from '../../lib/api-client';
import { NotFoundRoute } from './not-found';
import { RequireAccess } from '../require-access';

function Preview({ id }: { id: number }) {
  const { t } = useTranslation('provider');
  const { data, error, isPending } = useOwnActivity(id);
  const { data: user } = useAuthUser();
  const principal = user ? principalOfUser(user) : null;
  // A rejected provider's activities are out of the guide, whatever their own state.
  const rejected = principal?.role === 'provider' && !mayEditOwnActivities(principal);
  if (error instanceof ApiError && error.status === 404) return <NotFoundRoute />;
  const why = data
    ? rejected
      ? 'introRejected'
      : data.state === 'published'
        ? data.pendingChanges
          ? 'preview.whyChanges'
          : data.isActive
            ? 'preview.whyPublic'
            : 'preview.whyPaused'
        : `preview.why.${data.state}`
    : null;
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-10">
      <Link to="/provider" className="text-sm font-medium text-terracotta-700 hover:underline">
        {t('preview.back')}
      </Link>
      <h1 className="font-display text-3xl font-semibold text-ink-900 md:text-4xl">{t('preview.title')}</h1>
      {isPending ? <Skeleton className="h-96 w-full" /> : null}
      {error && !(error instanceof ApiError && error.status === 404) ? (
        <p role="alert" className="text-red-800">
          {t('list.loadFailed')}
        </p>
      ) : null}
      {data && why ? (
        <>
          <p role="status" className="flex gap-2 rounded-2xl bg-amber-50 p-4 text-amber-900">
            <Eye aria-hidden className="h-5 w-5 shrink-0" />
            {t(why)}
          </p>
          <ActivityPreview activity={data} />
          <div className="flex flex-wrap gap-3">
            {rejected ? null : (
              <Link className={buttonClass({ variant: 'secondary' })} to={`/provider/activities/${id}`}>
                <Pencil aria-hidden className="h-4 w-4" />
                {t('list.edit')}
              </Link>
            )}
            {data.state === 'published' && data.isActive && !rejected ? (
              <Link className={buttonClass({ variant: 'secondary' })} to={`/activity/${id}`}>
                {t('preview.toPublic')}
              </Link>
            ) : null}
          </div>
        </>
      ) : null}
    </div>
  );
}

/** A provider's own view of an activity the public cannot see (yet). */
export function ProviderActivityPreviewRoute() {
  const { id } = useParams();
  const numeric = Number(id);
  return (
    <RequireAccess level="provider">
      {Number.isInteger(numeric) && numeric > 0 ? <Preview id={numeric} /> : <NotFoundRoute />}
    </RequireAccess>
  );
}
