import { Check, X } from 'lucide-react';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { imageSources } from '../../../../domain/images';
import { LANGUAGES } from '../../../../domain/languages';
import type { PendingActivity, ReviewedContent } from '../../../../domain/provider-activities';
import { Button } from '../../../components/ui/button';
import { PagedRows } from '../../../components/ui/paged-rows';
import { RejectDialog } from '../../../components/reject-dialog';
import { toast } from '../../../components/ui/toast-store';
import { useLanguage } from '../../../i18n/use-language';
import { errorCodeOf, useErrorText } from '../../../lib/error-text';
import { WeeklyHours } from '../../../components/weekly-hours';
import { formatDate, formatDay, formatPrice } from '../../../lib/format';
import { useActivityDecision, usePendingActivities } from '../api/admin-api';

type Row = { key: string; label: string; current: string | null; proposed: string };

/** A language's texts on one line: name, description, and its place and hours when it has them. */
const translationLine = (t: NonNullable<ReviewedContent['translations'][keyof ReviewedContent['translations']]>) =>
  [t.name, t.description, t.location, t.openingHours, t.marketDays].filter(Boolean).join(' — ');

/** The reviewed fields as text lines, for the side-by-side view. */
function rowsOf(current: ReviewedContent | null, proposed: ReviewedContent, t: (key: string) => string): Row[] {
  const text = (c: ReviewedContent | null, field: keyof ReviewedContent): string | null => {
    if (!c) return null;
    if (field === 'latitude' || field === 'longitude') return `${c.latitude}, ${c.longitude}`;
    const value = c[field];
    return value === null || value === undefined ? '' : String(value);
  };
  const rows: Row[] = (
    [
      'name',
      'description',
      'language',
      'category',
      'location',
      'address',
      'city',
      'latitude',
      'openingHours',
      'marketDays',
      'contactPhone',
      'contactEmail',
      'website',
      'imageUrl',
    ] as const
  ).map((field) => ({
    key: field,
    label: t(`activities.field.${field}`),
    current: text(current, field),
    proposed: text(proposed, field) ?? '',
  }));
  for (const language of LANGUAGES) {
    const c = current?.translations[language];
    const p = proposed.translations[language];
    if (!c && !p) continue;
    rows.push({
      key: `t-${language}`,
      label: `${t('activities.field.translation')} (${language})`,
      current: current ? (c ? translationLine(c) : '') : null,
      proposed: p ? translationLine(p) : '',
    });
  }
  return rows;
}

/** A photo as the visitors will see it (a waiting one is served to admins under /api/uploads). */
function Photo({ url, alt }: { url: string; alt: string }) {
  const sources = imageSources(url);
  if (!sources) return null;
  return (
    <img
      {...sources}
      sizes="16rem"
      alt={alt}
      loading="lazy"
      className="aspect-[4/3] w-full max-w-64 rounded-xl object-cover ring-1 ring-sand-200"
    />
  );
}

/** The fields that change at once: public as they are, whatever the decision. */
function Facts({ facts }: { facts: PendingActivity['facts'] }) {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  return (
    <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[10rem_1fr]">
      <dt className="font-medium text-ink-800">{t('activities.field.price')}</dt>
      <dd className="text-ink-900">
        {facts.price === null
          ? t('activities.priceUnknown')
          : facts.price === 0
            ? t('activities.free')
            : formatPrice(facts.price, language)}
      </dd>
      <dt className="font-medium text-ink-800">{t('activities.field.bookingRequired')}</dt>
      <dd className="text-ink-900">{t(facts.bookingRequired ? 'activities.yes' : 'activities.no')}</dd>
      <dt className="font-medium text-ink-800">{t('activities.field.eventDates')}</dt>
      <dd className="text-ink-900">
        {facts.eventStart
          ? [facts.eventStart, facts.eventEnd]
              .filter((d): d is string => d !== null)
              .map((d) => formatDay(d, language))
              .join(' – ')
          : '–'}
      </dd>
      <dt className="font-medium text-ink-800">{t('activities.field.weeklyHours')}</dt>
      <dd className="text-ink-900">{facts.weeklyHours.length > 0 ? <WeeklyHours rows={facts.weeklyHours} /> : '–'}</dd>
    </dl>
  );
}

/** One request: what is public now beside what is asked, changes marked, and the decision. */
function PendingRow({ item, map }: { item: PendingActivity; map?: (content: ReviewedContent) => ReactNode }) {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const errorText = useErrorText();
  const decision = useActivityDecision();
  const [rejecting, setRejecting] = useState(false);
  // The hash of a request the admin tried to decide on after it had changed: the row says so until they look again.
  const [outdated, setOutdated] = useState<string | null>(null);
  const rejectButton = useRef<HTMLButtonElement>(null);
  const name = item.proposed.name;
  const rows = rowsOf(item.current, item.proposed, t);
  const decide = (approve: boolean, reason?: string) =>
    decision.mutate(
      { item, approve, reason },
      {
        onSuccess: () => {
          toast({ title: t(approve ? 'activities.approvedToast' : 'activities.rejectedToast', { name }) });
          setRejecting(false);
        },
        onError: (error) => {
          const code = errorCodeOf(error);
          if (code === 'REVISION_CHANGED' || code === 'NOTHING_PENDING') {
            // Nothing was decided; the queue reloads (every decision refetches it) with the request as it is now.
            setRejecting(false);
            setOutdated(item.contentHash);
            toast({ title: t('activities.changedTitle', { name }), description: errorText(error, '') });
            return;
          }
          toast({
            title: t('error'),
            description: errorText(error, t('activities.updateFailed')),
            variant: 'destructive',
          });
        },
      },
    );

  return (
    <article aria-label={t('activities.rowLabel', { name })} className="w-full space-y-3">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="font-semibold text-ink-900">{name}</span>
        <span className="rounded-full bg-sand-100 px-2 py-0.5 text-xs font-semibold text-ink-700">
          {t(item.current ? 'activities.changed' : 'activities.new')}
        </span>
        <span className="text-sm text-ink-500">
          {t('activities.by', { provider: item.providerName ?? '–', date: formatDate(item.submittedAt, language) })}
        </span>
      </div>
      {outdated !== null && outdated !== item.contentHash ? (
        <p role="status" className="rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {t('activities.changedMeanwhile')}
        </p>
      ) : null}
      <div className="overflow-x-auto">
        <table className="w-full min-w-[36rem] text-left text-sm">
          <caption className="sr-only">{t('activities.compare', { name })}</caption>
          <thead className="text-ink-600">
            <tr>
              <th scope="col" className="w-40 py-1 pr-3">
                {t('activities.fieldHeader')}
              </th>
              {item.current ? (
                <th scope="col" className="py-1 pr-3">
                  {t('activities.current')}
                </th>
              ) : null}
              <th scope="col" className="py-1">
                {t('activities.proposed')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-sand-100 align-top">
            {rows.map((row) => {
              const changed = item.current !== null && row.current !== row.proposed;
              return (
                <tr key={row.key} className={changed ? 'bg-amber-50' : undefined}>
                  <th scope="row" className="py-1 pr-3 font-medium text-ink-800">
                    {row.label}
                    {changed ? (
                      <span className="ml-1 text-xs text-amber-900">({t('activities.changedField')})</span>
                    ) : null}
                  </th>
                  {item.current ? (
                    <td className="whitespace-pre-line py-1 pr-3 text-ink-600">
                      {row.key === 'imageUrl' && row.current ? (
                        <Photo url={row.current} alt={t('activities.photoCurrent', { name })} />
                      ) : (
                        row.current
                      )}
                    </td>
                  ) : null}
                  <td className="whitespace-pre-line py-1 text-ink-900">
                    {row.key === 'imageUrl' && row.proposed ? (
                      <Photo url={row.proposed} alt={t('activities.photoProposed', { name })} />
                    ) : (
                      row.proposed || (row.key === 'imageUrl' ? t('activities.noPhoto') : '')
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <section aria-label={t('activities.factsTitle', { name })} className="space-y-2">
          <h3 className="text-sm font-semibold text-ink-900">{t('activities.factsTitle', { name })}</h3>
          <p className="text-xs text-ink-500">{t('activities.factsHint')}</p>
          <Facts facts={item.facts} />
        </section>
        {map ? (
          <section aria-label={t('activities.position', { name })} className="space-y-1">
            <h3 className="text-sm font-semibold text-ink-900">{t('activities.position', { name })}</h3>
            {map(item.proposed)}
          </section>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          disabled={decision.isPending}
          onClick={() => decide(true)}
          aria-label={t('activities.approveLabel', { name })}
        >
          <Check aria-hidden className="h-4 w-4" />
          {t('activities.approve')}
        </Button>
        <Button
          ref={rejectButton}
          size="sm"
          variant="secondary"
          onClick={() => setRejecting(true)}
          aria-label={t('activities.rejectLabel', { name })}
        >
          <X aria-hidden className="h-4 w-4" />
          {t('activities.reject')}
        </Button>
      </div>
      <RejectDialog
        open={rejecting}
        onOpenChange={setRejecting}
        title={t('activities.rejectTitle', { name })}
        closeLabel={t('activities.back')}
        reasonLabel={t('activities.reason')}
        submitLabel={t('activities.rejectSubmit')}
        backLabel={t('activities.back')}
        busy={decision.isPending}
        requiredText={t('activities.reasonRequired')}
        returnFocusTo={rejectButton}
        onReject={(why) => decide(false, why ?? '')}
      />
    </article>
  );
}

/**
 * The queue of new and changed activities (docs/provider-workspace.md#admin), oldest first; `map` draws
 * the proposed position (the route gives the small map: features do not import each other).
 */
export function ActivitiesModeration({ map }: { map?: (content: ReviewedContent) => ReactNode }) {
  const { t } = useTranslation('admin');
  const list = usePendingActivities();
  return (
    <PagedRows
      list={list}
      empty={t('activities.none')}
      rowKey={(item) => item.revisionId}
      row={(item) => <PendingRow item={item} map={map} />}
    />
  );
}
