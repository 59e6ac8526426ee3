import { useTranslation } from 'react-i18next';
import { bySeason, type WeeklyHoursRow } from '../../domain/weekly-hours';
import { useLanguage } from '../i18n/use-language';
import { formatSeason, formatWeekdays } from '../lib/format';

/**
 * An activity's structured opening hours (docs/product.md#weekly-hours), a list per season: the
 * all-year rows first, then each season under its days ("25 maart – 31 oktober"). Times are shown
 * as the provider gave them, on the 24-hour clock of the region.
 */
export function WeeklyHours({ rows }: { rows: readonly WeeklyHoursRow[] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const groups = bySeason(rows);
  return (
    <div className="space-y-2">
      {groups.map((group) => {
        const first = group[0];
        if (!first) return null;
        const season =
          first.seasonStart !== null && first.seasonEnd !== null
            ? formatSeason(first.seasonStart, first.seasonEnd, language)
            : groups.length > 1
              ? t('weeklyHours.allYear')
              : null;
        return (
          <div key={`${first.seasonStart}-${first.seasonEnd}`}>
            {season ? <p className="text-sm font-medium text-ink-600">{season}</p> : null}
            <ul>
              {group.map((row) => (
                <li key={`${row.days.join('')}-${row.opens}`} className="tabular-nums">
                  {`${row.days.length === 7 ? t('weeklyHours.everyDay') : formatWeekdays(row.days, language)} ${row.opens}–${row.closes}`}
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </div>
  );
}
