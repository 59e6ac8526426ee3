import {
  AlertCircle,
  ArrowLeft,
  CalendarCheck,
  CalendarDays,
  CalendarPlus,
  Clock,
  ExternalLink,
  Globe,
  MapPin,
  Navigation,
  Phone,
  Route,
} from 'lucide-react';
import { type ComponentProps, lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'wouter';
import { useNavigate, Link, useSearchParams } from '../../lib/navigation';
import { type Activity, CATEGORIES } from '../../../domain/activities';
import { todayInParis } from '../../../domain/dates';
import { upcomingEdition } from '../../../domain/event-dates';
import { Badge } from '../../components/ui/badge';
import { buttonClass } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { useActivity } from '../../features/activities/api/get-activity';
import {
  BookAction,
  BookButton,
  type BookingOpener,
  useBookingOpener,
} from '../../features/bookings/components/book-action';
import { useSessionUser } from '../../features/auth/api/auth-user';
import { CategoryBadge, SponsorBadge } from '../../features/activities/components/badges';
import { RatingStars } from '../../features/activities/components/rating-stars';
import { ShareButton } from '../../features/activities/components/share-button';
import {
  MachineTranslatedNote,
  PhotoCredits,
  SourceAttribution,
} from '../../features/activities/components/source-attribution';
import { WeeklyHours } from '../../components/weekly-hours';
import { StatusLine } from '../../components/status-line';
import { FavouriteButton } from '../../features/favourites/favourite-button';
import { useOriginQuery } from '../../features/location/location-provider';
import { ReviewForm } from '../../features/reviews/components/review-form';
import { ReviewList } from '../../features/reviews/components/review-list';
import { useLanguage } from '../../i18n/use-language';
import { trackEvent, useTrackView } from '../../lib/track';
import { ApiError } from '../../lib/api-client';
import { formatDayRange, formatDistance, formatPrice } from '../../lib/format';
import { useLoginHref } from '../../lib/use-login-href';
import { BrowserOnly } from '../../components/map/browser-only';
import { usePageTitle } from '../layout/use-page-title';
import { ProposeTag } from '../../features/tags/components/propose-tag';
import { useTagLabel } from '../../features/tags/use-tag-label';
import { imageSources } from '../../../domain/images';
import { langOf } from '../../lib/text-language';

const LocationMap = lazy(() => import('../../features/map/components/location-map'));

/** Shown only when an activity has no opening hours of its own (docs/product.md#opening-hours-and-market-days). */
const FALLBACK_OPENING_HOURS = '09:00-18:00';

const directionsUrl = (a: Activity) =>
  `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(`${a.latitude},${a.longitude}`)}`;
const mapSearchUrl = (a: Activity) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(a.address ?? `${a.name}, ${a.city}`)}`;

function DetailSkeleton() {
  return (
    <div aria-busy="true" className="mx-auto max-w-5xl px-4 py-6">
      <Skeleton className="aspect-[16/9] w-full rounded-3xl md:aspect-[21/9]" />
      <div className="mt-6 space-y-4">
        <Skeleton className="h-6 w-24" />
        <Skeleton className="h-10 w-2/3" />
        <Skeleton className="h-20 w-full" />
      </div>
    </div>
  );
}

function NotFoundState() {
  const { t } = useTranslation('detail');
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <MapPin aria-hidden className="h-12 w-12 text-terracotta-600" />
      <h1 className="text-2xl font-semibold text-ink-900">{t('notFound.title')}</h1>
      <p className="text-ink-600">{t('notFound.text')}</p>
      <Link className={buttonClass()} to="/">
        {t('notFound.back')}
      </Link>
    </div>
  );
}

function InfoRow({ icon: Icon, label, children }: { icon: typeof Clock; label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="flex items-center gap-2 text-sm font-medium text-ink-500">
        <Icon aria-hidden className="h-5 w-5 shrink-0 text-terracotta-600" />
        {label}
      </dt>
      <dd className="pl-7 text-ink-900">{children}</dd>
    </div>
  );
}

/*
 * What depends on who is logged in is in components of its own: the session's answer, which comes
 * after hydration, re-renders these, not the whole page (docs/rendering.md#hydration).
 */

/** Proposing a tag (or logging in to), and the admin's edit link. */
function AccountActions({ activity }: { activity: Activity }) {
  const { t } = useTranslation('detail');
  const user = useSessionUser();
  const loginHref = useLoginHref();
  return (
    <>
      {user?.roleChosen ? (
        <ProposeTag activityId={activity.id} currentTags={activity.tags} />
      ) : user === null ? (
        <a href={loginHref} className="inline-block text-sm text-ink-600 underline hover:text-terracotta-700">
          {t('proposeTag.login')}
        </a>
      ) : null}
      {user?.role === 'admin' ? (
        <Link
          to={`/admin/activities/${activity.id}`}
          className="inline-block text-sm font-medium text-terracotta-700 underline"
        >
          {t('adminEdit')}
        </Link>
      ) : null}
    </>
  );
}

/** The review form; the link of a review invitation mail brings its token (`?token=`, docs/mail.md). */
function SessionReviewForm({ activityId }: { activityId: number }) {
  const user = useSessionUser();
  const token = useSearchParams()[0].get('token');
  return <ReviewForm activityId={activityId} loggedIn={Boolean(user)} token={token} />;
}

/** Booking, with the logged-in visitor's name, e-mail and phone filled in. */
function SessionBookAction(props: Omit<ComponentProps<typeof BookAction>, 'prefill'>) {
  const user = useSessionUser();
  const prefill = user?.email
    ? { name: [user.firstName, user.lastName].filter(Boolean).join(' '), email: user.email, phone: user.phone }
    : undefined;
  return <BookAction {...props} {...(prefill ? { prefill } : {})} />;
}

/**
 * Below the large breakpoint, booking stays at hand: a bar with the price and "Book now" above the
 * bottom navigation, sticky at the end of the page, where it rests once the page is read to its end
 * and so covers nothing for good (docs/product.md#the-detail-page). The price box's button is shown
 * from the large breakpoint only, beside the text.
 */
function BookingBar({ activity, opener }: { activity: Activity; opener: BookingOpener }) {
  const { t } = useTranslation('detail');
  const language = useLanguage();
  return (
    <div className="sticky bottom-[calc(4rem+env(safe-area-inset-bottom))] z-30 -mx-4 mt-8 flex flex-wrap items-center gap-x-3 gap-y-2 border-t border-sand-200 bg-white/95 px-4 py-3 backdrop-blur lg:hidden">
      {activity.price !== null && activity.price > 0 ? (
        <p className="flex flex-col leading-tight">
          <span className="text-xl font-bold text-ink-900">{formatPrice(activity.price, language)}</span>{' '}
          <span className="text-sm text-ink-500">{t('price.perPerson')}</span>
        </p>
      ) : null}
      {/* On one line: where it does not fit beside the price, it takes a line of its own. */}
      <BookButton opener={opener} className="ml-auto min-w-fit flex-1 whitespace-nowrap sm:max-w-xs" />
    </div>
  );
}

export function ActivityDetailRoute() {
  const { t } = useTranslation('detail');
  const { t: tc } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const tagLabel = useTagLabel();
  const id = Number(useParams().id);
  const validId = Number.isInteger(id) && id > 0;
  const origin = useOriginQuery();
  const { data: activity, isPending, error } = useActivity(id, { ...origin, lng: language });
  usePageTitle(activity?.name);
  const [params, setParams] = useSearchParams();
  // The overview's "Book" button comes here with ?book=1: the dialog opens at once.
  const bookAtStart = params.get('book') === '1';
  const booking = useBookingOpener(bookAtStart, (open) => {
    if (open || !bookAtStart) return;
    const next = new URLSearchParams(params);
    next.delete('book');
    setParams(next, { replace: true });
  });
  useTrackView(activity?.id);

  if (!validId || (error instanceof ApiError && (error.status === 404 || error.status === 400)))
    return <NotFoundState />;
  if (error) {
    return (
      <div role="alert" className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
        <AlertCircle aria-hidden className="h-12 w-12 text-red-700" />
        <h1 className="text-2xl font-semibold text-ink-900">{t('error.title')}</h1>
        <Link className={buttonClass({ variant: 'secondary' })} to="/">
          {t('notFound.back')}
        </Link>
      </div>
    );
  }
  if (isPending) return <DetailSkeleton />;

  const isMarket = activity.category === 'markten';
  // Only an edition that runs or is to come (docs/product.md#event-dates).
  const edition = upcomingEdition(activity, todayInParis(new Date()));

  return (
    <article className="mx-auto max-w-5xl px-4 py-6">
      <div className="relative overflow-hidden rounded-3xl bg-sand-100">
        {activity.imageUrl ? (
          <img
            {...imageSources(activity.imageUrl)}
            sizes="(min-width: 1024px) 1024px, 100vw"
            alt=""
            width={1600}
            height={1000}
            className="aspect-[16/9] w-full object-cover md:aspect-[21/9]"
          />
        ) : (
          <div className="aspect-[16/9] md:aspect-[21/9]" />
        )}
        <div className="absolute inset-x-4 top-4 flex items-center justify-between">
          <button
            type="button"
            onClick={() => (window.history.length > 1 ? void navigate(-1) : void navigate('/'))}
            aria-label={t('back')}
            className="inline-flex h-10 w-10 items-center justify-center rounded-full bg-white/90 text-ink-700 shadow-sm backdrop-blur hover:bg-white"
          >
            <ArrowLeft aria-hidden className="h-5 w-5" />
          </button>
          <div className="flex gap-2">
            <FavouriteButton activityId={activity.id} activityName={activity.name} />
            <ShareButton title={activity.name} text={activity.description} />
          </div>
        </div>
      </div>
      {activity.imageUrl ? <PhotoCredits source={activity.source} /> : null}

      <div className="mt-8 grid gap-10 lg:grid-cols-[1fr_320px]">
        <div className="min-w-0 space-y-8">
          <header className="space-y-3">
            <div className="flex flex-wrap gap-2">
              <CategoryBadge category={activity.category} />
              <SponsorBadge level={activity.sponsorLevel} />
            </div>
            <h1
              lang={langOf(activity, 'name', language)}
              className="font-display text-3xl font-semibold leading-tight text-ink-900 md:text-4xl"
            >
              {activity.name}
            </h1>
            <MachineTranslatedNote activity={activity} field="name" className="-mt-2" />
            <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-ink-600">
              <span className="inline-flex items-center gap-1">
                <MapPin aria-hidden className="h-4 w-4 text-terracotta-600" />
                {activity.city}
              </span>
              <span className="inline-flex items-center gap-1">
                <Navigation aria-hidden className="h-4 w-4" />
                {t('distance', { distance: formatDistance(activity.distance, language) })}
              </span>
              <RatingStars rating={activity.rating} reviewCount={activity.reviewCount} size="md" />
            </div>
            <StatusLine status={activity.status} className="text-base" />
            <p lang={langOf(activity, 'description', language)} className="text-lg leading-relaxed text-ink-700">
              {activity.description}
            </p>
            <MachineTranslatedNote activity={activity} field="description" className="-mt-2" />
            {activity.tags.length > 0 ? (
              <ul aria-label={t('tags')} className="flex flex-wrap gap-2">
                {activity.tags.map((tag) => (
                  <li key={tag}>
                    <Badge className="bg-sand-100 text-ink-700">#{tagLabel(tag)}</Badge>
                  </li>
                ))}
              </ul>
            ) : null}
            {activity.source ? <SourceAttribution source={activity.source} /> : null}
            <AccountActions activity={activity} />
          </header>

          {!isMarket ? (
            <section aria-labelledby="practical-title" className="rounded-3xl bg-white p-6 ring-1 ring-sand-200">
              <h2 id="practical-title" className="text-xl font-semibold text-ink-900">
                {t('practical.title')}
              </h2>
              <dl className="mt-4 grid gap-4 sm:grid-cols-2">
                <InfoRow icon={Clock} label={t('practical.hours')}>
                  {activity.weeklyHours.length > 0 ? (
                    <>
                      <WeeklyHours rows={activity.weeklyHours} />
                      {activity.openingHours ? (
                        <p lang={langOf(activity, 'openingHours', language)} className="mt-2 text-sm text-ink-600">
                          {activity.openingHours}
                        </p>
                      ) : null}
                      {activity.openingHours ? (
                        <MachineTranslatedNote activity={activity} field="openingHours" />
                      ) : null}
                    </>
                  ) : (
                    <>
                      <span lang={langOf(activity, 'openingHours', language)}>
                        {activity.openingHours ?? FALLBACK_OPENING_HOURS}
                      </span>
                      {activity.openingHours ? (
                        <MachineTranslatedNote activity={activity} field="openingHours" />
                      ) : null}
                    </>
                  )}
                </InfoRow>
                {activity.contactPhone ? (
                  <InfoRow icon={Phone} label={t('practical.phone')}>
                    {activity.contactPhone}
                  </InfoRow>
                ) : null}
                {activity.bookingRequired ? (
                  <InfoRow icon={CalendarCheck} label={t('practical.booking')}>
                    {t('practical.bookingRequired')}
                  </InfoRow>
                ) : null}
              </dl>
              <div className="mt-6 flex flex-wrap gap-2">
                <a
                  className={buttonClass({ variant: 'secondary', size: 'sm' })}
                  href={directionsUrl(activity)}
                  target="_blank"
                  rel="noopener noreferrer"
                  onClick={() => trackEvent(activity.id, 'directions')}
                >
                  <Route aria-hidden className="h-4 w-4" />
                  {t('practical.directions')}
                  <span className="sr-only"> ({tc('a11y.newTab')})</span>
                </a>
                {activity.website ? (
                  <a
                    className={buttonClass({ variant: 'secondary', size: 'sm' })}
                    href={activity.website}
                    target="_blank"
                    rel="noopener noreferrer"
                    onClick={() => trackEvent(activity.id, 'website')}
                  >
                    <Globe aria-hidden className="h-4 w-4" />
                    {t('practical.website')}
                    <span className="sr-only"> ({tc('a11y.newTab')})</span>
                  </a>
                ) : null}
                {activity.contactPhone ? (
                  <a
                    className={buttonClass({ variant: 'secondary', size: 'sm' })}
                    href={`tel:${activity.contactPhone.replace(/\s/g, '')}`}
                    onClick={() => trackEvent(activity.id, 'phone')}
                  >
                    <Phone aria-hidden className="h-4 w-4" />
                    {t('practical.call')}
                  </a>
                ) : null}
              </div>
            </section>
          ) : null}

          <section aria-labelledby="reviews-title">
            <h2 id="reviews-title" className="text-xl font-semibold text-ink-900">
              {t('reviews.title')}
            </h2>
            <ReviewList activityId={activity.id} />
            {/* Where the link of a review invitation mail lands (docs/mail.md#scheduled-mails). */}
            <div id="write-review" className="scroll-mt-24">
              <SessionReviewForm activityId={activity.id} />
            </div>
          </section>
        </div>

        <aside className="space-y-4 lg:sticky lg:top-24 lg:self-start">
          <section aria-labelledby="price-title" className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-sand-200">
            <h2 id="price-title" className="sr-only">
              {t('price.title')}
            </h2>
            {activity.price !== null && activity.price > 0 ? (
              <p className="text-3xl font-bold text-ink-900">
                {formatPrice(activity.price, language)}
                <span className="text-base font-normal text-ink-500"> {t('price.perPerson')}</span>
              </p>
            ) : null}
            {isMarket && (activity.marketDays || activity.weeklyHours.length > 0) ? (
              <div className="mt-2 flex gap-2 text-ink-700">
                <CalendarDays aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-terracotta-600" />
                <div>
                  <p className="text-sm font-medium text-ink-500">{t('price.marketDays')}</p>
                  {/* The market's days as rows, and the text for what rows cannot say (docs/when.md#market-days). */}
                  {activity.weeklyHours.length > 0 ? <WeeklyHours rows={activity.weeklyHours} /> : null}
                  {activity.marketDays ? (
                    <p lang={langOf(activity, 'marketDays', language)}>{activity.marketDays}</p>
                  ) : null}
                </div>
              </div>
            ) : null}
            {activity.setting ? (
              <p className="mt-2 text-sm text-ink-700">
                <span className="font-medium text-ink-500">{t('price.setting')}: </span>
                {t(`price.settings.${activity.setting}`)}
              </p>
            ) : null}
            {edition ? (
              <div className="mt-2 flex gap-2 text-ink-700">
                <CalendarDays aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-terracotta-600" />
                <div>
                  <p className="text-sm font-medium text-ink-500">{t('price.nextEdition')}</p>
                  <p>{formatDayRange(edition.start, edition.end, language)}</p>
                </div>
              </div>
            ) : null}
            {/* Its edition or market days as a calendar file (docs/when.md#the-agenda-and-the-calendar-feeds). */}
            {edition || (isMarket && activity.weeklyHours.length > 0) ? (
              <a
                href={`/activity/${activity.id}.ics?lng=${language}`}
                className="mt-2 inline-flex items-center gap-1.5 text-sm font-medium text-terracotta-700 hover:underline"
              >
                <CalendarPlus aria-hidden className="h-4 w-4" />
                {t('addToCalendar')}
              </a>
            ) : null}
            {activity.bookingRequired ? (
              <SessionBookAction activity={activity} opener={booking} buttonBoxClassName="hidden lg:block" />
            ) : (
              <a
                className={buttonClass({ size: 'lg', className: 'mt-4 w-full' })}
                href={mapSearchUrl(activity)}
                target="_blank"
                rel="noopener noreferrer"
              >
                <ExternalLink aria-hidden className="h-4 w-4" />
                {t('price.navigate')}
                <span className="sr-only"> ({tc('a11y.newTab')})</span>
              </a>
            )}
          </section>
          <section aria-labelledby="location-title" className="rounded-3xl bg-white p-6 ring-1 ring-sand-200">
            <h2 id="location-title" className="text-lg font-semibold text-ink-900">
              {t('location.title')}
            </h2>
            <p className="mt-2 flex gap-2 text-ink-700">
              <MapPin aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-terracotta-600" />
              <span>
                {activity.location ? (
                  <>
                    <span lang={langOf(activity, 'location', language)}>{activity.location}</span>
                    {' · '}
                  </>
                ) : null}
                {activity.address ?? activity.city}
              </span>
            </p>
            {/* Leaflet needs the browser: the server and hydration draw the map's frame, and Leaflet loads
                when the frame comes near the screen (docs/rendering.md#what-waits-for-the-browser). */}
            <BrowserOnly untilNear fallback={<div className="mt-4 h-48 rounded-2xl bg-sand-100" />}>
              <LocationMap
                latitude={activity.latitude}
                longitude={activity.longitude}
                category={activity.category}
                name={activity.name}
              />
            </BrowserOnly>
          </section>
        </aside>
      </div>

      <nav aria-labelledby="more-title" className="mt-12 border-t border-sand-200 pt-8">
        <h2 id="more-title" className="text-lg font-semibold text-ink-900">
          {t('more')}
        </h2>
        <ul className="mt-4 flex flex-wrap gap-2">
          {CATEGORIES.map((category) => (
            <li key={category}>
              <Link
                to={`/?category=${category}`}
                className="inline-flex h-10 items-center rounded-full border border-sand-300 bg-white px-4 text-sm font-medium text-ink-700 hover:border-terracotta-500"
              >
                {tc(`category.chip.${category}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {activity.bookingRequired ? <BookingBar activity={activity} opener={booking} /> : null}
    </article>
  );
}
