import { AlertCircle, CalendarPlus, Rss } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CATEGORIES } from '../../../domain/activities';
import { type AgendaEntry, agendaCategoryOf } from '../../../domain/agenda';
import { addDays } from '../../../domain/dates';
import { Button } from '../../components/ui/button';
import { useAgenda } from '../../features/agenda/api/get-agenda';
import { useLanguage } from '../../i18n/use-language';
import { cn } from '../../lib/cn';
import { formatDay, formatDayRange } from '../../lib/format';
import { Link, useSearchParams } from '../../lib/navigation';

const chipClass = (active: boolean) =>
  cn(
    'inline-flex h-9 items-center rounded-full px-4 text-sm font-medium ring-1 transition-colors',
    active ? 'bg-ink-900 text-white ring-ink-900' : 'bg-white text-ink-700 ring-sand-200 hover:bg-sand-100',
  );

/** One market or event of a day: its name (a link to its page), what it is, its times, its town. */
function Entry({ entry }: { entry: AgendaEntry }) {
  const { t } = useTranslation('agenda');
  const language = useLanguage();
  const times =
    entry.times.length === 0 ? t('allDay') : entry.times.map((span) => `${span.opens}–${span.closes}`).join(', ');
  return (
    <li className="flex flex-wrap items-baseline gap-x-3 gap-y-1 py-3">
      <span className="w-28 shrink-0 font-medium tabular-nums text-ink-900">{times}</span>
      <span className="min-w-0 flex-1">
        <Link to={`/activity/${entry.id}`} className="font-semibold text-terracotta-700 hover:underline">
          {entry.name}
        </Link>
        <span className="block text-sm text-ink-600">
          {entry.kind === 'market' ? t('market') : t('event')} · {t('in', { city: entry.city })}
          {entry.edition && entry.edition.end !== entry.edition.start
            ? ` · ${formatDayRange(entry.edition.start, entry.edition.end, language)}`
            : ''}
        </span>
      </span>
    </li>
  );
}

/**
 * The agenda (docs/when.md#the-agenda-and-the-calendar-feeds): markets and events day by day for the
 * next 30 days, one category or all, rendered by the server with its data; the filter is plain links.
 */
export function AgendaRoute() {
  const { t } = useTranslation('agenda');
  const { t: tc } = useTranslation();
  const language = useLanguage();
  const [params] = useSearchParams();
  const category = agendaCategoryOf(params.get('category'));
  const agenda = useAgenda({ ...(category ? { category } : {}), lng: language });
  const feedQuery = new URLSearchParams({ ...(category ? { category } : {}), lng: language }).toString();

  const dayTitle = (day: string, from: string) => {
    const formatted = formatDay(day, language);
    const words = formatted.charAt(0).toUpperCase() + formatted.slice(1);
    if (day === from) return `${t('today')} · ${words}`;
    if (day === addDays(from, 1)) return `${t('tomorrow')} · ${words}`;
    return words;
  };

  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="font-display text-3xl font-semibold text-ink-900 md:text-4xl">{t('title')}</h1>
      <p className="mt-2 text-ink-600">{t('intro')}</p>

      <nav aria-label={t('filter')} className="mt-6">
        <ul className="flex flex-wrap gap-2">
          <li>
            <Link
              to="/agenda"
              aria-current={category === null ? 'page' : undefined}
              className={chipClass(category === null)}
            >
              {t('all')}
            </Link>
          </li>
          {CATEGORIES.map((c) => (
            <li key={c}>
              <Link
                to={`/agenda?category=${c}`}
                aria-current={category === c ? 'page' : undefined}
                className={chipClass(category === c)}
              >
                {tc(`category.chip.${c}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <div className="mt-4 flex flex-wrap gap-x-6 gap-y-2 text-sm">
        <a
          href={`/agenda.ics?${feedQuery}`}
          className="inline-flex items-center gap-1.5 font-medium text-terracotta-700 hover:underline"
        >
          <CalendarPlus aria-hidden className="h-4 w-4" />
          {t('subscribe')}
        </a>
        <a
          href={`/feed.atom?lng=${language}`}
          type="application/atom+xml"
          className="inline-flex items-center gap-1.5 font-medium text-terracotta-700 hover:underline"
        >
          <Rss aria-hidden className="h-4 w-4" />
          {t('feed')}
        </a>
      </div>
      <p className="mt-1 text-xs text-ink-600">{t('subscribeHint')}</p>

      {agenda.isPending ? (
        <p aria-busy="true" className="mt-10 text-ink-600">
          {t('loading')}
        </p>
      ) : agenda.isError ? (
        <div
          role="alert"
          className="mt-10 flex flex-col items-center gap-3 rounded-3xl bg-white p-10 text-center ring-1 ring-sand-200"
        >
          <AlertCircle aria-hidden className="h-10 w-10 text-red-700" />
          <p className="font-semibold text-ink-900">{t('error')}</p>
          <Button variant="secondary" onClick={() => void agenda.refetch()}>
            {t('retry')}
          </Button>
        </div>
      ) : agenda.data.days.length === 0 ? (
        <div className="mt-10 rounded-3xl bg-white p-10 text-center ring-1 ring-sand-200">
          <p className="font-semibold text-ink-900">{category ? t('emptyCategory') : t('empty')}</p>
          <Link to="/" className="mt-3 inline-block font-medium text-terracotta-700 hover:underline">
            {t('emptyLink')}
          </Link>
        </div>
      ) : (
        <ol className="mt-8 space-y-6">
          {agenda.data.days.map(({ day, entries }) => (
            <li key={day}>
              <section aria-labelledby={`day-${day}`} className="rounded-3xl bg-white px-5 py-3 ring-1 ring-sand-200">
                <h2 id={`day-${day}`} className="pt-1 text-lg font-semibold text-ink-900">
                  {dayTitle(day, agenda.data.from)}
                </h2>
                <ul className="divide-y divide-sand-200">
                  {entries.map((entry) => (
                    <Entry key={`${entry.id}`} entry={entry} />
                  ))}
                </ul>
              </section>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
