import { Building2, Check, Mail, MapPin, Phone, X } from 'lucide-react';
import { type RefObject, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { LoadMore } from '../../../components/ui/load-more';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toast-store';
import { type PendingProvider } from '../../../../domain/admin';
import { usePendingProviders, useReviewProvider } from '../api/admin-api';
import { RejectDialog } from '../../../components/reject-dialog';

/**
 * Pending provider applications with approve and reject (docs/moderation.md#providers), newest
 * first and a page at a time.
 */
export function ProvidersPanel() {
  const { t } = useTranslation();
  const list = usePendingProviders();
  const itemsRef = useRef<HTMLUListElement>(null);
  const shown = list.items.length;
  return (
    <div className="space-y-4">
      <ProviderRows list={list} itemsRef={itemsRef} />
      {shown > 0 ? (
        <LoadMore
          list={{ ...list, shown }}
          itemsRef={itemsRef}
          shownText={t('list.shown', { shown, total: list.total })}
          label={t('list.loadMore')}
          failedText={t('list.moreFailed')}
        />
      ) : null}
    </div>
  );
}

function ProviderRows({
  list,
  itemsRef,
}: {
  list: ReturnType<typeof usePendingProviders>;
  itemsRef: RefObject<HTMLUListElement | null>;
}) {
  const { t } = useTranslation('admin');
  const { items: data, isPending } = list;
  // A later page that failed keeps the rows and says so under them (LoadMore).
  const isError = list.isError && !list.isFetchNextPageError;
  const review = useReviewProvider();

  const decide = (id: number, decision: 'approve' | 'reject', reason: string | null = null, onDone?: () => void) =>
    review.mutate(
      { id, decision, reason },
      {
        onSuccess: () => {
          onDone?.();
          toast({ title: t(decision === 'approve' ? 'providers.approved' : 'providers.rejected') });
        },
        onError: () =>
          toast({
            title: t('error'),
            description: t(decision === 'approve' ? 'providers.approveFailed' : 'providers.rejectFailed'),
            variant: 'destructive',
          }),
      },
    );

  if (isPending) return <Skeleton className="h-32 w-full" />;
  if (isError)
    return (
      <p role="alert" className="text-red-800">
        {t('loadFailed')}
      </p>
    );
  if (data.length === 0)
    return (
      <p className="rounded-3xl bg-white p-8 text-center text-ink-600 ring-1 ring-sand-200">{t('providers.none')}</p>
    );
  return (
    <ul ref={itemsRef} className="space-y-3">
      {data.map((provider) => (
        <li
          key={provider.id}
          className="flex flex-col gap-4 rounded-3xl bg-white p-5 ring-1 ring-sand-200 md:flex-row md:items-center"
        >
          <div className="min-w-0 flex-1 space-y-1">
            <p className="flex flex-wrap items-center gap-2">
              <span className="font-semibold text-ink-900">{provider.name}</span>
              <span className="rounded-full bg-sand-100 px-2 py-0.5 text-xs font-semibold text-ink-700">
                {t(`roles.${provider.role ?? 'provider'}`)}
              </span>
            </p>
            <dl className="grid gap-x-6 gap-y-1 text-sm text-ink-600 sm:grid-cols-2">
              <div className="flex items-center gap-2">
                <dt>
                  <Mail aria-label={t('providers.email')} className="h-4 w-4" />
                </dt>
                <dd className="truncate">{provider.email}</dd>
              </div>
              <div className="flex items-center gap-2">
                <dt>
                  <Building2 aria-label={t('providers.company')} className="h-4 w-4" />
                </dt>
                <dd>{provider.company ?? '—'}</dd>
              </div>
              <div className="flex items-center gap-2">
                <dt>
                  <Phone aria-label={t('providers.phone')} className="h-4 w-4" />
                </dt>
                <dd>{provider.phone ?? '—'}</dd>
              </div>
              <div className="flex items-center gap-2">
                <dt>
                  <MapPin aria-label={t('providers.address')} className="h-4 w-4" />
                </dt>
                <dd>{provider.address ?? '—'}</dd>
              </div>
            </dl>
          </div>
          <div className="flex gap-2">
            <Button
              size="sm"
              onClick={() => decide(provider.id, 'approve')}
              disabled={review.isPending}
              aria-label={t('providers.approveLabel', { name: provider.name })}
            >
              <Check aria-hidden className="h-4 w-4" />
              {t('providers.approve')}
            </Button>
            <RejectProvider provider={provider} busy={review.isPending} decide={decide} />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Reject, with an optional reason the provider reads in their mail (docs/moderation.md#providers). */
function RejectProvider({
  provider,
  busy,
  decide,
}: {
  provider: PendingProvider;
  busy: boolean;
  decide: (id: number, decision: 'reject', reason: string | null, onDone: () => void) => void;
}) {
  const { t } = useTranslation('admin');
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button
        ref={button}
        size="sm"
        variant="secondary"
        onClick={() => setOpen(true)}
        disabled={busy}
        aria-label={t('providers.rejectLabel', { name: provider.name })}
      >
        <X aria-hidden className="h-4 w-4" />
        {t('providers.reject')}
      </Button>
      <RejectDialog
        open={open}
        onOpenChange={setOpen}
        title={t('providers.rejectTitle', { name: provider.name })}
        description={t('providers.rejectText')}
        closeLabel={t('activities.back')}
        reasonLabel={t('providers.reason')}
        submitLabel={t('providers.reject')}
        backLabel={t('activities.back')}
        busy={busy}
        returnFocusTo={button}
        onReject={(reason) => decide(provider.id, 'reject', reason, () => setOpen(false))}
      />
    </>
  );
}
