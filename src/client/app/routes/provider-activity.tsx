import { ArrowLeft, SlidersHorizontal } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'wouter';
import { useNavigate, Link } from '../../lib/navigation';
import { isApprovedProvider, mayEditOwnActivities, principalOfUser } from '../../../domain/policies';
import type { ActivityFormValues, ProviderActivity } from '../../../domain/provider-activities';
import { buttonClass } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast-store';
import { useAuthUser } from '../../features/auth/api/auth-user';
import { useOwnActivity, useSaveActivity } from '../../features/provider/api/provider-activities';
import { ActivityForm } from '../../features/provider/components/activity-form';
import { PhotoUpload } from '../../features/provider/components/photo-upload';
import { useLanguage } from '../../i18n/use-language';
import { ApiError } from '../../lib/api-client';
import { useClientConfig } from '../../lib/client-config';
import { useErrorText } from '../../lib/error-text';
import { NotFoundRoute } from './not-found';
import { RequireAccess } from '../require-access';

/** The API's field errors (`details`), keyed as the form keys them. */
export function fieldErrorsOf(error: unknown, text: string): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  try {
    const body = JSON.parse(error.message.slice(error.message.indexOf(':') + 1)) as {
      details?: { path: string }[];
    };
    const out: Record<string, string> = {};
    for (const d of body.details ?? []) {
      const key = d.path.startsWith('latitude') || d.path.startsWith('longitude') ? 'position' : d.path;
      out[key] ??= text;
    }
    return out;
  } catch {
    return {};
  }
}

function Editor({ id }: { id: number | null }) {
  const { t } = useTranslation('provider');
  const language = useLanguage();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const config = useClientConfig();
  const { data: user } = useAuthUser();
  const principal = user ? principalOfUser(user) : null;
  const approved = isApprovedProvider(principal);
  const rejected = principal?.role === 'provider' && !mayEditOwnActivities(principal);
  const existing = useOwnActivity(id);
  const save = useSaveActivity();
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});

  if (id !== null && existing.error instanceof ApiError && existing.error.status === 404) return <NotFoundRoute />;
  if ((id !== null && existing.isPending) || config.isPending) return <Skeleton className="h-[40rem] w-full" />;
  if (existing.isError || config.isError)
    return (
      <p role="alert" className="text-red-800">
        {t('form.loadFailed')}
      </p>
    );

  const activity: ProviderActivity | undefined = existing.data;
  // A rejected provider changes nothing (the server refuses it): say so, and offer the preview to look at.
  if (rejected)
    return (
      <div className="space-y-4">
        <p role="note" className="rounded-2xl bg-red-50 p-4 text-red-900">
          {t('introRejected')}
        </p>
        {activity ? (
          <Link
            className="font-medium text-terracotta-700 hover:underline"
            to={`/provider/activities/${activity.id}/preview`}
          >
            {t('list.previewLabel', { name: activity.name })}
          </Link>
        ) : null}
      </div>
    );
  const submitLabel = t(approved ? (activity?.isApproved ? 'form.saveChanges' : 'form.submit') : 'form.saveDraft');

  const onSubmit = (values: ActivityFormValues) =>
    save.mutate(
      { id, values },
      {
        onSuccess: (saved) => {
          setServerErrors({});
          const description =
            saved.state === 'draft'
              ? t('saved.draft')
              : saved.pendingChanges || saved.state === 'pending'
                ? t('saved.waits')
                : t('saved.live');
          toast({ title: t('saved.title'), description });
          if (id === null) void navigate(`/provider/activities/${saved.id}`, { replace: true });
        },
        onError: (error) => {
          const text = errorText(error, t('saved.failedText'));
          setServerErrors(fieldErrorsOf(error, text));
          toast({ title: t('saved.failed'), description: text, variant: 'destructive' });
        },
      },
    );

  return (
    <>
      {activity?.review?.status === 'rejected' && activity.review.reason ? (
        <p role="note" className="mb-6 rounded-2xl bg-red-50 p-4 text-red-900">
          {t('list.rejectedBecause', { reason: activity.review.reason })}
        </p>
      ) : null}
      {activity?.pendingChanges ? (
        <p role="note" className="mb-6 rounded-2xl bg-amber-50 p-4 text-amber-900">
          {t('form.changesWaiting')}
        </p>
      ) : null}
      {activity ? (
        <p className="mb-6 flex flex-wrap items-center gap-3 rounded-2xl bg-sand-50 p-4 text-sm text-ink-700 ring-1 ring-sand-200">
          <span>{t('form.availabilityHint')}</span>
          <Link
            className={buttonClass({ variant: 'secondary', size: 'sm' })}
            to={`/provider/activities/${activity.id}/availability`}
          >
            <SlidersHorizontal aria-hidden className="h-4 w-4" />
            {t('form.availabilityLink')}
          </Link>
        </p>
      ) : null}
      <ActivityForm
        key={activity?.id ?? 'new'}
        activity={activity}
        serviceArea={config.data.serviceArea}
        defaultLanguage={language}
        submitLabel={submitLabel}
        busy={save.isPending}
        serverErrors={serverErrors}
        onSubmit={onSubmit}
        extra={
          activity ? (
            <PhotoUpload activity={activity} />
          ) : (
            <p className="text-sm text-ink-600">{t('photo.afterSave')}</p>
          )
        }
      />
    </>
  );
}

/** Add an activity (`/provider/activities/new`) or change one (`/provider/activities/:id`). */
export function ProviderActivityRoute() {
  const { t } = useTranslation('provider');
  const param = useParams().id;
  const id = param === undefined ? null : Number(param);
  if (id !== null && !(Number.isInteger(id) && id > 0)) return <NotFoundRoute />;
  return (
    <RequireAccess level="provider">
      <div className="mx-auto max-w-3xl px-4 py-10">
        <Link
          to="/provider"
          className="mb-4 inline-flex items-center gap-1 text-sm font-medium text-terracotta-700 hover:underline"
        >
          <ArrowLeft aria-hidden className="h-4 w-4" />
          {t('back')}
        </Link>
        <h1 className="mb-6 font-display text-3xl font-semibold text-ink-900">
          {t(id === null ? 'form.newTitle' : 'form.editTitle')}
        </h1>
        <Editor id={id} />
      </div>
    </RequireAccess>
  );
}
