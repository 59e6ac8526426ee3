import { ArrowLeft } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'wouter';
import type { AdminActivity } from '../../../domain/admin-activities';
import { Button } from '../../components/ui/button';
import { PagedRows } from '../../components/ui/paged-rows';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast-store';
import {
  useActivityAudit,
  useAdminActivity,
  useAdminCreateActivity,
  useAdminUpdateActivity,
  useApprovedProviders,
  useAssignProvider,
  usePublication,
} from '../../features/admin/api/admin-api';
import { SponsorshipForm } from '../../features/admin/components/sponsorship-form';
import { StatusBadge } from '../../features/admin/components/status-badge';
import { ActivityForm } from '../../features/provider/components/activity-form';
import { useLanguage } from '../../i18n/use-language';
import { ApiError } from '../../lib/api-client';
import { useClientConfig } from '../../lib/client-config';
import { useErrorText } from '../../lib/error-text';
import { formatDate } from '../../lib/format';
import { Link, useNavigate } from '../../lib/navigation';
import { RequireAccess } from '../require-access';
import { NotFoundRoute } from './not-found';
import { fieldErrorsOf } from './provider-activity';

/** Pause, publish, unpublish: what the activity's status allows. */
function Publication({ activity }: { activity: AdminActivity }) {
  const { t } = useTranslation('admin');
  const errorText = useErrorText();
  const publication = usePublication();
  const act = (action: 'pause' | 'publish' | 'unpublish') =>
    publication.mutate(
      { id: activity.id, action },
      {
        onSuccess: () => toast({ title: t(`manage.${action}Done`, { name: activity.name }) }),
        onError: (error) =>
          toast({ title: t('error'), description: errorText(error, t('manage.failed')), variant: 'destructive' }),
      },
    );
  const actions: ('pause' | 'publish' | 'unpublish')[] =
    activity.status === 'published'
      ? ['pause', 'unpublish']
      : activity.status === 'paused'
        ? ['publish', 'unpublish']
        : ['publish'];
  return (
    <section aria-labelledby="publication-title" className="space-y-3 rounded-3xl bg-white p-5 ring-1 ring-sand-200">
      <h2 id="publication-title" className="font-display text-xl font-semibold text-ink-900">
        {t('manage.publication')}
      </h2>
      <p className="flex flex-wrap items-center gap-2 text-sm text-ink-700">
        {t('manage.statusNow')} <StatusBadge status={activity.status} />
        {activity.pendingChanges ? (
          <Link to="/admin/activities/pending" className="font-medium text-terracotta-700 hover:underline">
            {t('manage.changesWait')}
          </Link>
        ) : null}
      </p>
      <div className="flex flex-wrap gap-2">
        {actions.map((action) => (
          <Button
            key={action}
            size="sm"
            variant={action === 'publish' ? 'primary' : 'secondary'}
            disabled={publication.isPending}
            onClick={() => act(action)}
          >
            {t(`manage.${action}`)}
          </Button>
        ))}
      </div>
    </section>
  );
}

/** Assign or transfer the listing to an approved provider, or give it back to the guide. */
function Assignment({ activity }: { activity: AdminActivity }) {
  const { t } = useTranslation('admin');
  const errorText = useErrorText();
  const id = useId();
  const providers = useApprovedProviders();
  const assign = useAssignProvider();
  const [choice, setChoice] = useState(activity.providerId === null ? '' : String(activity.providerId));
  const submit = () =>
    assign.mutate(
      { id: activity.id, providerId: choice === '' ? null : Number(choice) },
      {
        onSuccess: (updated) =>
          toast({
            title: t('manage.assigned', { name: activity.name, provider: updated.providerName ?? t('list.theGuide') }),
          }),
        onError: (error) =>
          toast({ title: t('error'), description: errorText(error, t('manage.failed')), variant: 'destructive' }),
      },
    );
  return (
    <section aria-labelledby="assign-title" className="space-y-3 rounded-3xl bg-white p-5 ring-1 ring-sand-200">
      <h2 id="assign-title" className="font-display text-xl font-semibold text-ink-900">
        {t('manage.provider')}
      </h2>
      <p className="text-sm text-ink-700">
        {t('manage.providerNow', { provider: activity.providerName ?? t('list.theGuide') })}
      </p>
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <div className="min-w-56 flex-1">
          <label htmlFor={`${id}-provider`} className="mb-1 block text-sm font-medium text-ink-800">
            {t('manage.assignTo')}
          </label>
          <select
            id={`${id}-provider`}
            className="h-11 w-full rounded-xl border border-sand-300 bg-white px-3 text-sm text-ink-900"
            value={choice}
            disabled={providers.isPending}
            onChange={(e) => setChoice(e.target.value)}
          >
            <option value="">{t('list.theGuide')}</option>
            {providers.items.map((p) => (
              <option key={p.id} value={String(p.id)}>
                {p.company ? `${p.company} (${p.name})` : p.name}
              </option>
            ))}
          </select>
          <p className="mt-1 text-xs text-ink-500">{t('manage.assignHint')}</p>
        </div>
        <Button type="submit" size="sm" disabled={assign.isPending}>
          {t('manage.assign')}
        </Button>
      </form>
    </section>
  );
}

/** What admins changed on the activity, newest first. */
function AuditList({ id }: { id: number }) {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const audit = useActivityAudit(id);
  return (
    <section aria-labelledby="audit-title" className="space-y-3">
      <h2 id="audit-title" className="font-display text-xl font-semibold text-ink-900">
        {t('manage.audit')}
      </h2>
      <PagedRows
        list={audit}
        empty={t('manage.auditNone')}
        rowKey={(entry) => entry.id}
        row={(entry) => {
          const fields = Object.entries(entry.changes)
            .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
            .join(' · ');
          return (
            <div className="w-full space-y-1 text-sm">
              <p>
                <span className="font-semibold text-ink-900">{t(`audit.${entry.action}`)}</span>{' '}
                <span className="text-ink-600">
                  {t('manage.auditBy', {
                    who: entry.actorName ?? t('manage.auditGone'),
                    date: formatDate(entry.at, language),
                  })}
                </span>
              </p>
              {fields ? <p className="break-words text-ink-600">{fields}</p> : null}
            </div>
          );
        }}
      />
    </section>
  );
}

function Editor({ id }: { id: number }) {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const errorText = useErrorText();
  const config = useClientConfig();
  const activity = useAdminActivity(id);
  const update = useAdminUpdateActivity();
  if (activity.error instanceof ApiError && activity.error.status === 404) return <NotFoundRoute />;
  if (activity.isPending || config.isPending) return <Skeleton className="h-[40rem] w-full" />;
  if (activity.isError || config.isError)
    return (
      <p role="alert" className="text-red-800">
        {t('loadFailed')}
      </p>
    );
  return (
    <div className="space-y-10">
      <div className="grid gap-4 md:grid-cols-2">
        <Publication activity={activity.data} />
        <Assignment key={activity.data.providerId ?? 'guide'} activity={activity.data} />
      </div>
      <div id="sponsorship">
        <SponsorshipForm activity={activity.data} />
      </div>
      <ActivityForm
        key={activity.data.updatedAt}
        activity={activity.data}
        serviceArea={config.data.serviceArea}
        defaultLanguage={language}
        submitLabel={t('editActivity.save')}
        busy={update.isPending}
        onSubmit={(values) =>
          update.mutate(
            { id, values },
            {
              onSuccess: () => toast({ title: t('editActivity.saved') }),
              onError: (error) =>
                toast({
                  title: t('error'),
                  description: errorText(error, t('editActivity.failed')),
                  variant: 'destructive',
                }),
            },
          )
        }
      />
      <AuditList id={id} />
    </div>
  );
}

/**
 * An admin's page of any activity (`/admin/activities/:id`): its status with pause, publish and
 * unpublish, its provider (assign or transfer), its sponsorship by hand, every field, and the audit
 * (docs/moderation.md#every-activity).
 */
export function AdminActivityRoute() {
  const { t } = useTranslation('admin');
  const id = Number(useParams().id);
  if (!(Number.isInteger(id) && id > 0)) return <NotFoundRoute />;
  return (
    <RequireAccess level="admin">
      <div className="mx-auto max-w-4xl px-4 py-10">
        <div className="mb-4 flex flex-wrap gap-x-6 gap-y-2">
          <Link
            to="/admin/activities"
            className="inline-flex items-center gap-1 text-sm font-medium text-terracotta-700 hover:underline"
          >
            <ArrowLeft aria-hidden className="h-4 w-4" />
            {t('manage.backToList')}
          </Link>
          <Link to={`/activity/${id}`} className="text-sm font-medium text-terracotta-700 hover:underline">
            {t('editActivity.back')}
          </Link>
        </div>
        <h1 className="mb-6 font-display text-3xl font-semibold text-ink-900">{t('editActivity.title')}</h1>
        <Editor id={id} />
      </div>
    </RequireAccess>
  );
}

function NewListing() {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const errorText = useErrorText();
  const config = useClientConfig();
  const create = useAdminCreateActivity();
  const navigate = useNavigate();
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  if (config.isPending) return <Skeleton className="h-[40rem] w-full" />;
  if (config.isError)
    return (
      <p role="alert" className="text-red-800">
        {t('loadFailed')}
      </p>
    );
  return (
    <ActivityForm
      serviceArea={config.data.serviceArea}
      defaultLanguage={language}
      submitLabel={t('manage.create')}
      busy={create.isPending}
      serverErrors={serverErrors}
      onSubmit={(values) =>
        create.mutate(values, {
          onSuccess: (created) => {
            toast({ title: t('manage.created', { name: created.name }) });
            void navigate(`/admin/activities/${created.id}`);
          },
          onError: (error) => {
            const text = errorText(error, t('manage.failed'));
            setServerErrors(fieldErrorsOf(error, text));
            toast({ title: t('error'), description: text, variant: 'destructive' });
          },
        })
      }
    />
  );
}

/** A listing of the guide's own (`/admin/activities/new`): the provider's form, published at once. */
export function AdminNewActivityRoute() {
  const { t } = useTranslation('admin');
  return (
    <RequireAccess level="admin">
      <div className="mx-auto max-w-3xl px-4 py-10">
        <Link
          to="/admin/activities"
          className="mb-4 inline-flex items-center gap-1 text-sm font-medium text-terracotta-700 hover:underline"
        >
          <ArrowLeft aria-hidden className="h-4 w-4" />
          {t('manage.backToList')}
        </Link>
        <h1 className="mb-2 font-display text-3xl font-semibold text-ink-900">{t('manage.newTitle')}</h1>
        <p className="mb-6 text-ink-700">{t('manage.newIntro')}</p>
        <NewListing />
      </div>
    </RequireAccess>
  );
}
