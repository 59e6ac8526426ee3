import { CalendarDays, Pencil } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'wouter';
import { buttonClass } from '../../components/ui/button';
import { bookingKeys } from '../../features/bookings/api/keys';
import { AvailabilityEditor } from '../../features/provider/components/availability-editor';
import { Link } from '../../lib/navigation';
import { RequireAccess } from '../require-access';
import { NotFoundRoute } from './not-found';
import { ListingHead, ProviderListing } from './provider-listing';

/**
 * The "Availability" screen of one activity (`/provider/activities/:id/availability`,
 * docs/availability.md#what-a-provider-sets): the provider's own, or any for an admin.
 */
export function ProviderAvailabilityRoute() {
  const { t } = useTranslation('provider');
  const queryClient = useQueryClient();
  const id = Number(useParams().id);
  if (!(Number.isInteger(id) && id > 0)) return <NotFoundRoute />;
  return (
    <RequireAccess level="provider">
      <ProviderListing id={id}>
        {(listing) => (
          <div className="mx-auto max-w-3xl space-y-8 px-4 py-10">
            <ListingHead
              listing={listing}
              title={t('availability.title')}
              intro={t('availability.intro')}
              links={
                <>
                  <Link
                    className={buttonClass({ variant: 'secondary', size: 'sm' })}
                    to={`/provider/activities/${id}/days`}
                  >
                    <CalendarDays aria-hidden className="h-4 w-4" />
                    {t('availability.toDays')}
                  </Link>
                  {listing.readOnly ? null : (
                    <Link
                      className={buttonClass({ variant: 'secondary', size: 'sm' })}
                      to={listing.admin ? `/admin/activities/${id}` : `/provider/activities/${id}`}
                    >
                      <Pencil aria-hidden className="h-4 w-4" />
                      {t('availability.toActivity')}
                    </Link>
                  )}
                </>
              }
            />
            {listing.readOnly ? null : (
              <AvailabilityEditor
                activityId={id}
                onBookingsChanged={() => void queryClient.invalidateQueries({ queryKey: bookingKeys.all })}
              />
            )}
          </div>
        )}
      </ProviderListing>
    </RequireAccess>
  );
}
