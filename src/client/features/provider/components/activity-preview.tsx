import { CalendarDays, Clock, Globe, Mail, MapPin, Phone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { todayInParis } from '../../../../domain/dates';
import { upcomingEdition } from '../../../../domain/event-dates';
import { imageSources } from '../../../../domain/images';
import type { ProviderActivity } from '../../../../domain/provider-activities';
import { useLanguage } from '../../../i18n/use-language';
import { formatDayRange, formatPrice } from '../../../lib/format';
import { WeeklyHours } from '../../../components/weekly-hours';

/**
 * How visitors will see an activity that is not public yet (a draft, waiting
 * for approval, rejected or paused), from the provider's own copy: with a
 * change that waits, the change (docs/provider-workspace.md#lifecycle).
 */
export function ActivityPreview({ activity }: { activity: ProviderActivity }) {
  const { t } = useTranslation('provider');
  const { t: tc } = useTranslation();
  const language = useLanguage();
  // The visitor's language where the provider gave it, field by field; else the original.
  const translation = activity.translations[language];
  const text = {
    name: translation?.name ?? activity.name,
    description: translation?.description ?? activity.description,
    location: translation?.location || activity.location,
    openingHours: translation?.openingHours || activity.openingHours,
    marketDays: translation?.marketDays || activity.marketDays,
  };
  const place = [text.location, activity.address, activity.city].filter(Boolean).join(', ');
  const edition = upcomingEdition(activity, todayInParis(new Date()));
  return (
    <article aria-labelledby="preview-name" className="overflow-hidden rounded-3xl bg-white ring-1 ring-sand-200">
      <div className="aspect-[16/7] bg-sand-100">
        {activity.imageUrl ? (
          <img
            {...imageSources(activity.imageUrl)}
            sizes="(min-width: 1024px) 896px, 100vw"
            alt=""
            className="h-full w-full object-cover"
          />
        ) : null}
      </div>
      <div className="space-y-4 p-6">
        <p className="text-sm font-semibold text-terracotta-700">{tc(`category.badge.${activity.category}`)}</p>
        <h2 id="preview-name" className="font-display text-3xl font-semibold text-ink-900">
          {text.name}
        </h2>
        <p className="whitespace-pre-line text-ink-700">{text.description}</p>
        <ul className="space-y-2 text-sm text-ink-700">
          {place ? (
            <li className="flex gap-2">
              <MapPin aria-hidden className="h-4 w-4 shrink-0" />
              {place}
            </li>
          ) : null}
          {text.openingHours || text.marketDays || activity.weeklyHours.length > 0 ? (
            <li className="flex gap-2">
              <Clock aria-hidden className="h-4 w-4 shrink-0" />
              <div className="space-y-2">
                {activity.weeklyHours.length > 0 ? <WeeklyHours rows={activity.weeklyHours} /> : null}
                {text.marketDays || text.openingHours ? <p>{text.marketDays ?? text.openingHours}</p> : null}
              </div>
            </li>
          ) : null}
          {edition ? (
            <li className="flex gap-2">
              <CalendarDays aria-hidden className="h-4 w-4 shrink-0" />
              <span>
                <span className="sr-only">{t('form.eventDates')}: </span>
                {formatDayRange(edition.start, edition.end, language)}
              </span>
            </li>
          ) : null}
          {activity.contactPhone ? (
            <li className="flex gap-2">
              <Phone aria-hidden className="h-4 w-4 shrink-0" />
              {activity.contactPhone}
            </li>
          ) : null}
          {activity.contactEmail ? (
            <li className="flex gap-2">
              <Mail aria-hidden className="h-4 w-4 shrink-0" />
              {activity.contactEmail}
            </li>
          ) : null}
          {activity.website ? (
            <li className="flex gap-2">
              <Globe aria-hidden className="h-4 w-4 shrink-0" />
              {activity.website}
            </li>
          ) : null}
        </ul>
        <p className="text-lg font-semibold text-ink-900">
          {activity.price === null
            ? t('preview.priceUnknown')
            : activity.price === 0
              ? t('preview.free')
              : t('preview.price', { price: formatPrice(activity.price, language) })}
          {activity.bookingRequired ? (
            <span className="ml-2 text-sm font-normal text-ink-600">· {t('preview.bookable')}</span>
          ) : null}
        </p>
      </div>
    </article>
  );
}
