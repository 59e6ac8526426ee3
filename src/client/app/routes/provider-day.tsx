import { SlidersHorizontal } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'wouter';
import { isIsoDate, todayInParis } from '../../../domain/dates';
import { buttonClass } from '../../components/ui/button';
import { ProviderBookingRow } from '../../features/bookings/components/provider-booking-row';
import { availabilityKeys } from '../../features/provider/api/availability';
import { ProviderDayView } from '../../features/provider/components/provider-day';
import { Link, useSearchParams } from '../../lib/navigation';
import { RequireAccess } from '../require-access';
import { NotFoundRoute } from './not-found';
import { ListingHead, ProviderListing } from './provider-listing';

/**
 * One day of an activity (`/provider/activities/:id/days?date=YYYY-MM-DD`, today without a date,
 * docs/availability.md#the-providers-day): places per slot, its bookings to answer, closing.
 */
export function ProviderDayRoute() {
  const { t } = useTranslation('provider');
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const id = Number(useParams().id);
  if (!(Number.isInteger(id) && id > 0)) return <NotFoundRoute />;
  const asked = params.get('date') ?? '';
  const date = isIsoDate(asked) ? asked : todayInParis(new Date());
  return (
    <RequireAccess level="provider">
      <ProviderListing id={id}>
        {(listing) => (
          <div className="mx-auto max-w-4xl space-y-8 px-4 py-10">
            <ListingHead
              listing={listing}
              title={t('day.title')}
              intro={t('day.intro')}
              links={
                listing.readOnly ? null : (
                  <Link
                    className={buttonClass({ variant: 'secondary', size: 'sm' })}
                    to={`/provider/activities/${id}/availability`}
                  >
                    <SlidersHorizontal aria-hidden className="h-4 w-4" />
                    {t('day.toAvailability')}
                  </Link>
                )
              }
            />
            <ProviderDayView
              activityId={id}
              date={date}
              readOnly={listing.readOnly}
              onDateChange={(next) => setParams({ date: next }, { replace: true })}
              renderBooking={(booking) => (
                <ProviderBookingRow
                  booking={booking}
                  scope={listing.admin ? 'admin' : 'provider'}
                  dayLink={false}
                  headingLevel={4}
                  onAnswered={() => void queryClient.invalidateQueries({ queryKey: availabilityKeys.all(id) })}
                />
              )}
            />
          </div>
        )}
      </ProviderListing>
    </RequireAccess>
  );
}
