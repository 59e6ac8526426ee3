import { Check, RotateCcw, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LOCALES } from '../../../../domain/languages';
import type { AdminActivityTag, AdminTag } from '../../../../domain/tags';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast-store';
import { useActivityTagApproval, useAdminTags, usePendingActivityTags, useTagApproval } from '../api/admin-api';
import { useLanguage } from '../../../i18n/use-language';
import { useErrorText } from '../../../lib/error-text';
import { CountTabs } from '../../../components/ui/count-tabs';
import { PagedRows } from '../../../components/ui/paged-rows';

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

/** Tag moderation: pending tags, pending activity tags, approved, and rejected with 'Alsnog goedkeuren' (docs/moderation.md). */
export function TagsModeration() {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const errorText = useErrorText();
  const pending = useAdminTags('pending');
  const approved = useAdminTags('approved');
  const rejected = useAdminTags('rejected');
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
            description: errorText(error, t('tags.updateFailed')),
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
            description: errorText(error, t('tags.linkUpdateFailed')),
            variant: 'destructive',
          }),
      },
    );

  const busy = tagApproval.isPending || linkApproval.isPending;
  const count = (list: { isPending: boolean; total: number }) => (list.isPending ? undefined : list.total);

  const names = new Intl.ListFormat(LOCALES[language], { type: 'conjunction' });
  const tagRows = (list: typeof pending, actions: (tag: AdminTag) => React.ReactNode, empty: string) => (
    <PagedRows
      list={list}
      empty={empty}
      rowKey={(tag) => tag.id}
      row={(tag) => (
        <>
          <span className="font-medium text-ink-900">#{tag.name}</span>
          {tag.proposedFor.length > 0 ? (
            // A tag proposed on an activity is one decision with its link (docs/moderation.md#tags-and-activity-tags).
            <span className="text-sm text-ink-600">
              {t('tags.proposedFor', { names: names.format(tag.proposedFor.map((a) => a.activityName)) })}
              <span className="block text-xs text-ink-500">{t('tags.decidedTogether')}</span>
            </span>
          ) : (
            <span className="text-sm text-ink-500">{t('tags.usedBy', { count: tag.activityCount })}</span>
          )}
          <span className="ml-auto flex gap-2">{actions(tag)}</span>
        </>
      )}
    />
  );

  return (
    <div>
      <dl className="mb-6 grid max-w-md grid-cols-2 gap-3">
        <div className="rounded-2xl bg-white p-4 ring-1 ring-sand-200">
          <dt className="text-sm text-ink-500">{t('tags.approvedCount')}</dt>
          <dd className="text-2xl font-bold text-ink-900">{count(approved) ?? '…'}</dd>
        </div>
        <div className="rounded-2xl bg-white p-4 ring-1 ring-sand-200">
          <dt className="text-sm text-ink-500">{t('tags.pendingCount')}</dt>
          <dd className="text-2xl font-bold text-ink-900">
            {pending.isPending || links.isPending ? '…' : pending.total + links.total}
          </dd>
        </div>
      </dl>
      <CountTabs
        label={t('tags.tabsLabel')}
        defaultValue="pending"
        tabs={[
          {
            value: 'pending',
            title: t('tags.pending'),
            count: count(pending),
            content: tagRows(
              pending,
              (tag) => (
                <DecisionButtons
                  busy={busy}
                  onApprove={() => decideTag(tag, true)}
                  onReject={() => decideTag(tag, false)}
                  approveLabel={t('tags.approveLabel', { name: tag.name })}
                  rejectLabel={t('tags.rejectLabel', { name: tag.name })}
                />
              ),
              t('tags.nonePending'),
            ),
          },
          {
            value: 'links',
            title: t('tags.pendingLinks'),
            count: count(links),
            content: (
              <PagedRows
                list={links}
                empty={t('tags.nonePendingLinks')}
                rowKey={(link) => link.id}
                row={(link) => (
                  <>
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
                  </>
                )}
              />
            ),
          },
          {
            value: 'approved',
            title: t('tags.approvedTab'),
            count: count(approved),
            content: tagRows(
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
            count: count(rejected),
            content: tagRows(
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
