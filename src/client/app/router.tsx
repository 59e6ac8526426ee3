import { isValidElement } from 'react';
import { createRoutesFromElements, matchRoutes, Route, Routes } from 'react-router';
import { Layout } from './layout/layout';
import { type LazyScreen, lazyScreen } from './lazy-screen';

// Every screen is its own chunk (code-split by route).
const OverviewRoute = lazyScreen(() => import('./routes/overview').then((m) => m.OverviewRoute));
const ActivityDetailRoute = lazyScreen(() => import('./routes/activity-detail').then((m) => m.ActivityDetailRoute));
const FavouritesRoute = lazyScreen(() => import('./routes/favourites').then((m) => m.FavouritesRoute));
const MapRoute = lazyScreen(() => import('./routes/map').then((m) => m.MapRoute));
const LandingRoute = lazyScreen(() => import('./routes/landing').then((m) => m.LandingRoute));
const LoginRoute = lazyScreen(() => import('./routes/login').then((m) => m.LoginRoute));
const RoleSelectionRoute = lazyScreen(() => import('./routes/role-selection').then((m) => m.RoleSelectionRoute));
const AdminRoute = lazyScreen(() => import('./routes/admin').then((m) => m.AdminRoute));
const AdminTagsRoute = lazyScreen(() => import('./routes/admin-tags').then((m) => m.AdminTagsRoute));
const ProviderRoute = lazyScreen(() => import('./routes/provider').then((m) => m.ProviderRoute));
const ProviderActivityRoute = lazyScreen(() =>
  import('./routes/provider-activity').then((m) => m.ProviderActivityRoute),
);
const AdminActivityRoute = lazyScreen(() => import('./routes/admin-activity').then((m) => m.AdminActivityRoute));
const MyBookingsRoute = lazyScreen(() => import('./routes/my-bookings').then((m) => m.MyBookingsRoute));
const CancelBookingRoute = lazyScreen(() => import('./routes/cancel-booking').then((m) => m.CancelBookingRoute));
const ProviderBookingsRoute = lazyScreen(() =>
  import('./routes/provider-bookings').then((m) => m.ProviderBookingsRoute),
);
const ProviderSponsorshipRoute = lazyScreen(() =>
  import('./routes/provider-sponsorship').then((m) => m.ProviderSponsorshipRoute),
);
const ProviderActivityPreviewRoute = lazyScreen(() =>
  import('./routes/provider-activity-preview').then((m) => m.ProviderActivityPreviewRoute),
);
const NotFoundRoute = lazyScreen(() => import('./routes/not-found').then((m) => m.NotFoundRoute));

const routes = (
  <Route element={<Layout />}>
    <Route index element={<OverviewRoute />} />
    <Route path="activity/:id" element={<ActivityDetailRoute />} />
    <Route path="favorieten" element={<FavouritesRoute />} />
    <Route path="kaart" element={<MapRoute />} />
    <Route path="landing" element={<LandingRoute />} />
    <Route path="login" element={<LoginRoute />} />
    <Route path="role-selection" element={<RoleSelectionRoute />} />
    <Route path="admin" element={<AdminRoute />} />
    <Route path="admin/activities" element={<AdminRoute tab="activities" />} />
    <Route path="admin/activities/:id" element={<AdminActivityRoute />} />
    <Route path="admin/sponsorships" element={<AdminRoute tab="sponsorships" />} />
    <Route path="admin/tags" element={<AdminTagsRoute />} />
    <Route path="provider" element={<ProviderRoute />} />
    <Route path="provider/bookings" element={<ProviderBookingsRoute />} />
    <Route path="provider/sponsorship" element={<ProviderSponsorshipRoute />} />
    <Route path="provider/activities/new" element={<ProviderActivityRoute />} />
    <Route path="provider/activities/:id" element={<ProviderActivityRoute />} />
    <Route path="provider/activities/:id/preview" element={<ProviderActivityPreviewRoute />} />
    <Route path="boekingen" element={<MyBookingsRoute />} />
    <Route path="boekingen/:id/annuleren" element={<CancelBookingRoute />} />
    <Route path="*" element={<NotFoundRoute />} />
  </Route>
);

export function AppRoutes() {
  return <Routes>{routes}</Routes>;
}

/** Loads the chunks of the screens `pathname` shows (docs/rendering.md#hydration). */
export async function preloadScreens(pathname: string): Promise<void> {
  const matches = matchRoutes(createRoutesFromElements(routes), pathname) ?? [];
  await Promise.all(
    matches.map(({ route }) => {
      const screen = isValidElement(route.element) ? route.element.type : null;
      return typeof screen === 'function' && 'preload' in screen ? (screen as LazyScreen<object>).preload() : undefined;
    }),
  );
}
