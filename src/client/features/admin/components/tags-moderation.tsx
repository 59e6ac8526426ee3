import { Check, RotateCcw, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { AdminActivityTag, AdminTag } from '../../../../domain/tags';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toast-store';
import { useActivityTagApproval, useAdminTags, usePendingActivityTags, useTagApproval } from '../api/admin-api';
import { serverMessage } from '../api/server-message';
import { AdminTabs } from './admin-tabs';

/** The approve / reject pair of a row, each with a name that says what it acts on. */
function DecisionButtons({
  busy,
  onApprove,
  onReject,
  approveLabel,
  rejectLabel,
}: {
  busy: boolean;
  onApprove?: () => void;
  onReject?: () => void;
  approveLabel: string;
  rejectLabel: string;
}) {
  const { t } = useTranslation('admin');
  return (
    <>
      {onApprove ? (
        <Button size="sm" disabled={busy} onClick={onApprove} aria-label={approveLabel}>
          <Check aria-hidden className="h-4 w-4" />
          {t('tags.approve')}
        </Button>
      ) : null}
      {onReject ? (
        <Button size="sm" variant="secondary" disabled={busy} onClick={onReject} aria-label={rejectLabel}>
          <X aria-hidden className="h-4 w-4" />
          {t('tags.reject')}
        </Button>
      ) : null}
    </>
  );
}

function Empty({ text }: { text: string }) {
  return <p className="rounded-3xl bg-white p-8 text-center text-ink-600 ring-1 ring-sand-200">{text}</p>;
}

/** Tag moderation (spec 2): pending tags, pending activity tags, approved, rejected with 'Alsnog goedkeuren'. */
export function TagsModeration() {
  const { t } = useTranslation('admin');
  const tags = useAdminTags();
  const links = usePendingActivityTags();
  const tagApproval = useTagApproval();
  const linkApproval = useActivityTagApproval();

  const decideTag = (tag: AdminTag, approve: boolean) =>
    tagApproval.mutate(
      { tagId: tag.id, approve },
      {
        onSuccess: () => toast({ title: t(approve ? 'tags.approvedToast' : 'tags.rejectedToast') }),
        onError: (error) =>
          toast({
            title: t('error'),
            description: serverMessage(error) ?? t('tags.updateFailed'),
            variant: 'destructive',
          }),
      },
    );
  const decideLink = (link: AdminActivityTag, approve: boolean) =>
    linkApproval.mutate(
      { id: link.id, approve },
      {
        onSuccess: () => toast({ title: t(approve ? 'tags.approvedToast' : 'tags.rejectedToast') }),
        onError: (error) =>
          toast({
            title: t('error'),
            description: serverMessage(error) ?? t('tags.linkUpdateFailed'),
            variant: 'destructive',
          }),
      },
    );

  if (tags.isPending || links.isPending) return <Skeleton className="h-48 w-full" />;
  if (tags.isError || links.isError)
    return (
      <p role="alert" className="text-red-800">
        {t('loadFailed')}
      </p>
    );

  const byStatus = (status: AdminTag['status']) => tags.data.filter((tag) => tag.status === status);
  const pending = byStatus('pending');
  const approved = byStatus('approved');
  const rejected = byStatus('rejected');
  const busy = tagApproval.isPending || linkApproval.isPending;

  const tagList = (list: AdminTag[], actions: (tag: AdminTag) => React.ReactNode, empty: string) =>
    list.length === 0 ? (
      <Empty text={empty} />
    ) : (
      <ul className="divide-y divide-sand-100 rounded-3xl bg-white ring-1 ring-sand-200">
        {list.map((tag) => (
          <li key={tag.id} className="flex flex-wrap items-center gap-3 px-5 py-3">
            <span className="font-medium text-ink-900">#{tag.name}</span>
            <span className="text-sm text-ink-500">{t('tags.usedBy', { count: tag.activityCount })}</span>
            <span className="ml-auto flex gap-2">{actions(tag)}</span>
          </li>
        ))}
      </ul>
    );

  return (
    <div>
      <dl className="mb-6 grid max-w-md grid-cols-2 gap-3">
        <div className="rounded-2xl bg-white p-4 ring-1 ring-sand-200">
          <dt className="text-sm text-ink-500">{t('tags.approvedCount')}</dt>
          <dd className="text-2xl font-bold text-ink-900">{approved.length}</dd>
        </div>
        <div className="rounded-2xl bg-white p-4 ring-1 ring-sand-200">
          <dt className="text-sm text-ink-500">{t('tags.pendingCount')}</dt>
          <dd className="text-2xl font-bold text-ink-900">{pending.length + links.data.length}</dd>
        </div>
      </dl>
      <AdminTabs
        label={t('tags.tabsLabel')}
        defaultValue="pending"
        tabs={[
          {
            value: 'pending',
            title: t('tags.pending'),
            count: pending.length,
            content: tagList(
              pending,
              (tag) => (
                <>
                  <Button
                    size="sm"
                    disabled={busy}
                    onClick={() => decideTag(tag, true)}
                    aria-label={t('tags.approveLabel', { name: tag.name })}
                  >
                    <Check aria-hidden className="h-4 w-4" />
                    {t('tags.approve')}
                  </Button>
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={busy}
                    onClick={() => decideTag(tag, false)}
                    aria-label={t('tags.rejectLabel', { name: tag.name })}
                  >
                    <X aria-hidden className="h-4 w-4" />
                    {t('tags.reject')}
                  </Button>
                </>
              ),
              t('tags.nonePending'),
            ),
          },
          {
            value: 'links',
            title: t('tags.pendingLinks'),
            count: links.data.length,
            content:
              links.data.length === 0 ? (
                <Empty text={t('tags.nonePendingLinks')} />
              ) : (
                <ul className="divide-y divide-sand-100 rounded-3xl bg-white ring-1 ring-sand-200">
                  {links.data.map((link) => (
                    <li key={link.id} className="flex flex-wrap items-center gap-3 px-5 py-3">
                      <span className="font-medium text-ink-900">#{link.tagName}</span>
                      <span className="text-sm text-ink-600">{t('tags.onActivity', { name: link.activityName })}</span>
                      {link.tagStatus !== 'approved' ? (
                        <span className="rounded-full bg-amber-50 px-2 py-0.5 text-xs text-amber-900">
                          {t(`tags.tagIs.${link.tagStatus}`)}
                        </span>
                      ) : null}
                      <span className="ml-auto flex gap-2">
                        <DecisionButtons
                          busy={busy}
                          onApprove={() => decideLink(link, true)}
                          onReject={() => decideLink(link, false)}
                          approveLabel={t('tags.approveLinkLabel', { name: link.tagName, activity: link.activityName })}
                          rejectLabel={t('tags.rejectLinkLabel', { name: link.tagName, activity: link.activityName })}
                        />
                      </span>
                    </li>
                  ))}
                </ul>
              ),
          },
          {
            value: 'approved',
            title: t('tags.approvedTab'),
            count: approved.length,
            content: tagList(
              approved,
              (tag) => (
                <DecisionButtons
                  busy={busy}
                  onReject={() => decideTag(tag, false)}
                  approveLabel=""
                  rejectLabel={t('tags.rejectLabel', { name: tag.name })}
                />
              ),
              t('tags.noneApproved'),
            ),
          },
          {
            value: 'rejected',
            title: t('tags.rejectedTab'),
            count: rejected.length,
            content: tagList(
              rejected,
              (tag) => (
                <Button
                  size="sm"
                  disabled={busy}
                  onClick={() => decideTag(tag, true)}
                  aria-label={t('tags.reapproveLabel', { name: tag.name })}
                >
                  <RotateCcw aria-hidden className="h-4 w-4" />
                  {t('tags.reapprove')}
                </Button>
              ),
              t('tags.noneRejected'),
            ),
          },
        ]}
      />
    </div>
  );
}
