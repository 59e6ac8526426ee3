import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../lib/navigation';
import { useParams } from 'wouter';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast-store';
import { useAdminActivity, useAdminUpdateActivity } from '../../features/admin/api/admin-api';
import { SponsorshipForm } from '../../features/admin/components/sponsorship-form';
import { ActivityForm } from '../../features/provider/components/activity-form';
import { useLanguage } from '../../i18n/use-language';
import { ApiError } from '../../lib/api-client';
import { useClientConfig } from '../../lib/client-config';
import { useErrorText } from '../../lib/error-text';
import { RequireAccess } from '../require-access';
import { NotFoundRoute } from './not-found';

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
      <SponsorshipForm activity={activity.data} />
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
    </div>
  );
}

/** An admin edits any activity at once and sets its sponsorship by hand (`/admin/activities/:id`). */
export function AdminActivityRoute() {
  const { t } = useTranslation('admin');
  const id = Number(useParams().id);
  if (!(Number.isInteger(id) && id > 0)) return <NotFoundRoute />;
  return (
    <RequireAccess level="admin">
      <div className="mx-auto max-w-3xl px-4 py-10">
        <Link
          to={`/activity/${id}`}
          className="mb-4 inline-flex items-center gap-1 text-sm font-medium text-terracotta-700 hover:underline"
        >
          <ArrowLeft aria-hidden className="h-4 w-4" />
          {t('editActivity.back')}
        </Link>
        <h1 className="mb-6 font-display text-3xl font-semibold text-ink-900">{t('editActivity.title')}</h1>
        <Editor id={id} />
      </div>
    </RequireAccess>
  );
}
