import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isAdmin, mayEditOwnActivities, principalOfUser } from '../../../domain/policies';
import { Skeleton } from '../../components/ui/skeleton';
import { useAdminActivity } from '../../features/admin/api/admin-api';
import { useAuthUser } from '../../features/auth/api/auth-user';
import { useOwnActivity } from '../../features/provider/api/provider-activities';
import { ApiError } from '../../lib/api-client';
import { Link } from '../../lib/navigation';
import { NotFoundRoute } from './not-found';

/** What the availability screens show of the listing, whoever runs it. */
export interface Listing {
  id: number;
  name: string | null;
  bookingRequired: boolean | null;
  /** An admin: any listing (the team's own too), reached from the admins' console. */
  admin: boolean;
  /** A provider whose application was rejected looks, and changes nothing. */
  readOnly: boolean;
}

type Render = (listing: Listing) => ReactNode;

function OwnListing({ id, readOnly, children }: { id: number; readOnly: boolean; children: Render }) {
  const activity = useOwnActivity(id);
  if (activity.error instanceof ApiError && activity.error.status === 404) return <NotFoundRoute />;
  return children({
    id,
    name: activity.data?.name ?? null,
    bookingRequired: activity.data?.bookingRequired ?? null,
    admin: false,
    readOnly,
  });
}

function AdminListing({ id, children }: { id: number; children: Render }) {
  const activity = useAdminActivity(id);
  if (activity.error instanceof ApiError && activity.error.status === 404) return <NotFoundRoute />;
  return children({
    id,
    name: activity.data?.name ?? null,
    bookingRequired: activity.data?.bookingRequired ?? null,
    admin: true,
    readOnly: false,
  });
}

/**
 * The listing an availability screen is about: a provider's own (through the workspace's API) or, for
 * an admin, any (through the console's); another's is not found (docs/permissions.md#resources).
 */
export function ProviderListing({ id, children }: { id: number; children: Render }) {
  const { data: user } = useAuthUser();
  const principal = user ? principalOfUser(user) : null;
  if (isAdmin(principal)) return <AdminListing id={id}>{children}</AdminListing>;
  const readOnly = principal?.role === 'provider' && !mayEditOwnActivities(principal);
  return (
    <OwnListing id={id} readOnly={readOnly}>
      {children}
    </OwnListing>
  );
}

/** The head of an availability screen: the way back, the title, the listing's name and the screen's links. */
export function ListingHead({
  listing,
  title,
  intro,
  links,
}: {
  listing: Listing;
  title: string;
  intro: string;
  links: ReactNode;
}) {
  const { t } = useTranslation('provider');
  return (
    <div className="space-y-3">
      <Link
        to={listing.admin ? `/admin/activities/${listing.id}` : '/provider'}
        className="inline-flex items-center gap-1 text-sm font-medium text-terracotta-700 hover:underline"
      >
        <ArrowLeft aria-hidden className="h-4 w-4" />
        {t(listing.admin ? 'availability.backAdmin' : 'back')}
      </Link>
      <h1 className="font-display text-3xl font-semibold text-ink-900 md:text-4xl">{title}</h1>
      {listing.name === null ? (
        <Skeleton className="h-7 w-64" />
      ) : (
        <p className="text-xl font-medium text-ink-800">{listing.name}</p>
      )}
      <p className="text-ink-600">{intro}</p>
      <nav aria-label={t('availability.linksLabel')} className="flex flex-wrap gap-3">
        {links}
      </nav>
      {listing.bookingRequired === false ? (
        <p role="note" className="rounded-2xl bg-amber-50 p-4 text-amber-900">
          {t('availability.notBookable')}
        </p>
      ) : null}
      {listing.readOnly ? (
        <p role="note" className="rounded-2xl bg-red-50 p-4 text-red-900">
          {t('introRejected')}
        </p>
      ) : null}
    </div>
  );
}
