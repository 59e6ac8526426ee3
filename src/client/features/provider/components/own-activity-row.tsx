import { CalendarDays, Eye, Pause, Pencil, Play, SlidersHorizontal, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../lib/navigation';
import type { ProviderActivity } from '../../../../domain/provider-activities';
import { Button, buttonClass } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/toast-store';
import { useErrorText } from '../../../lib/error-text';
import { useDeleteActivity, useSaveActivity } from '../api/provider-activities';

/** Where an activity stands, in words the provider understands. */
function StateBadge({ activity, readOnly }: { activity: ProviderActivity; readOnly: boolean }) {
  const { t } = useTranslation('provider');
  const key = readOnly
    ? 'state.hidden'
    : activity.state === 'published'
      ? activity.isActive
        ? 'state.published'
        : 'state.paused'
      : `state.${activity.state}`;
  const tone =
    activity.state === 'published' && activity.isActive && !readOnly
      ? 'bg-emerald-50 text-emerald-900'
      : activity.state === 'rejected'
        ? 'bg-red-50 text-red-900'
        : 'bg-sand-100 text-ink-700';
  return <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${tone}`}>{t(key)}</span>;
}

/**
 * One of the provider's activities with its state and what they can do with it. `readOnly`: the
 * provider's application was rejected, so the activity is out of the guide and only theirs to
 * look at (docs/provider-workspace.md#who).
 */
export function OwnActivityRow({ activity, readOnly = false }: { activity: ProviderActivity; readOnly?: boolean }) {
  const { t } = useTranslation('provider');
  const errorText = useErrorText();
  const save = useSaveActivity();
  const remove = useDeleteActivity();
  const [confirming, setConfirming] = useState(false);
  const deleteButton = useRef<HTMLButtonElement>(null);

  const setActive = (isActive: boolean) =>
    save.mutate(
      { id: activity.id, values: { isActive } },
      {
        onSuccess: () => toast({ title: t(isActive ? 'list.resumed' : 'list.paused', { name: activity.name }) }),
        onError: (error) =>
          toast({
            title: t('list.failed'),
            description: errorText(error, t('list.failedText')),
            variant: 'destructive',
          }),
      },
    );

  return (
    <li className="space-y-2 px-5 py-4">
      <div className="flex flex-wrap items-center gap-3">
        <span className="font-semibold text-ink-900">{activity.name}</span>
        <span className="text-sm text-ink-500">{activity.city}</span>
        <StateBadge activity={activity} readOnly={readOnly} />
        {activity.pendingChanges ? (
          <span className="rounded-full bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-900">
            {t('state.changesWaiting')}
          </span>
        ) : null}
      </div>
      {activity.review?.status === 'rejected' && activity.review.reason ? (
        <p className="text-sm text-red-900">{t('list.rejectedBecause', { reason: activity.review.reason })}</p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {readOnly ? null : (
          <Link
            className={buttonClass({ variant: 'secondary', size: 'sm' })}
            to={`/provider/activities/${activity.id}`}
            aria-label={t('list.editLabel', { name: activity.name })}
          >
            <Pencil aria-hidden className="h-4 w-4" />
            {t('list.edit')}
          </Link>
        )}
        {/* When it can be booked and how many places it has, and its days (docs/availability.md). */}
        {activity.bookingRequired && !readOnly ? (
          <>
            <Link
              className={buttonClass({ variant: 'secondary', size: 'sm' })}
              to={`/provider/activities/${activity.id}/availability`}
              aria-label={t('list.availabilityLabel', { name: activity.name })}
            >
              <SlidersHorizontal aria-hidden className="h-4 w-4" />
              {t('list.availability')}
            </Link>
            <Link
              className={buttonClass({ variant: 'secondary', size: 'sm' })}
              to={`/provider/activities/${activity.id}/days`}
              aria-label={t('list.daysLabel', { name: activity.name })}
            >
              <CalendarDays aria-hidden className="h-4 w-4" />
              {t('list.days')}
            </Link>
          </>
        ) : null}
        {/* The public page where visitors see it; otherwise the provider's own preview (a public link would be a 404). */}
        {activity.state === 'published' && activity.isActive && !activity.pendingChanges && !readOnly ? (
          <Link
            className={buttonClass({ variant: 'secondary', size: 'sm' })}
            to={`/activity/${activity.id}`}
            aria-label={t('list.viewLabel', { name: activity.name })}
          >
            <Eye aria-hidden className="h-4 w-4" />
            {t('list.view')}
          </Link>
        ) : (
          <Link
            className={buttonClass({ variant: 'secondary', size: 'sm' })}
            to={`/provider/activities/${activity.id}/preview`}
            aria-label={t('list.previewLabel', { name: activity.name })}
          >
            <Eye aria-hidden className="h-4 w-4" />
            {t('list.preview')}
          </Link>
        )}
        {readOnly ? null : (
          <Button
            variant="secondary"
            size="sm"
            disabled={save.isPending}
            onClick={() => setActive(!activity.isActive)}
            aria-label={t(activity.isActive ? 'list.pauseLabel' : 'list.resumeLabel', { name: activity.name })}
          >
            {activity.isActive ? <Pause aria-hidden className="h-4 w-4" /> : <Play aria-hidden className="h-4 w-4" />}
            {t(activity.isActive ? 'list.pause' : 'list.resume')}
          </Button>
        )}
        {readOnly ? null : activity.bookingCount === 0 ? (
          <Button
            ref={deleteButton}
            variant="secondary"
            size="sm"
            onClick={() => setConfirming(true)}
            aria-label={t('list.deleteLabel', { name: activity.name })}
          >
            <Trash2 aria-hidden className="h-4 w-4" />
            {t('list.delete')}
          </Button>
        ) : (
          <span className="self-center text-sm text-ink-500">
            {t('list.hasBookings', { count: activity.bookingCount })}
          </span>
        )}
      </div>
      <Dialog open={confirming} onOpenChange={setConfirming}>
        <DialogContent
          title={t('list.deleteTitle', { name: activity.name })}
          description={t('list.deleteText')}
          closeLabel={t('list.cancel')}
          returnFocusTo={deleteButton}
        >
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              {t('list.cancel')}
            </Button>
            <Button
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate(activity.id, {
                  onSuccess: () => {
                    setConfirming(false);
                    toast({ title: t('list.deleted', { name: activity.name }) });
                  },
                  onError: (error) =>
                    toast({
                      title: t('list.failed'),
                      description: errorText(error, t('list.failedText')),
                      variant: 'destructive',
                    }),
                })
              }
            >
              {t('list.deleteConfirm')}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </li>
  );
}
