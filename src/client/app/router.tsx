import type { ReactElement } from 'react';
import { parse as parsePattern } from 'regexparam';
import { matchRoute, Route, Switch } from 'wouter';
import { Layout } from './layout/layout';
import { type LazyScreen, lazyScreen } from './lazy-screen';

// Every screen is its own chunk (code-split by route).
const OverviewRoute = lazyScreen(() => import('./routes/overview').then((m) => m.OverviewRoute));
const ActivityDetailRoute = lazyScreen(() => import('./routes/activity-detail').then((m) => m.ActivityDetailRoute));
const FavouritesRoute = lazyScreen(() => import('./routes/favourites').then((m) => m.FavouritesRoute));
const MapRoute = lazyScreen(() => import('./routes/map').then((m) => m.MapRoute));
const AgendaRoute = lazyScreen(() => import('./routes/agenda').then((m) => m.AgendaRoute));
const LandingRoute = lazyScreen(() => import('./routes/landing').then((m) => m.LandingRoute));
const LoginRoute = lazyScreen(() => import('./routes/login').then((m) => m.LoginRoute));
const RoleSelectionRoute = lazyScreen(() => import('./routes/role-selection').then((m) => m.RoleSelectionRoute));
const AdminRoute = lazyScreen(() => import('./routes/admin').then((m) => m.AdminRoute));
const AdminTagsRoute = lazyScreen(() => import('./routes/admin-tags').then((m) => m.AdminTagsRoute));
const ProviderRoute = lazyScreen(() => import('./routes/provider').then((m) => m.ProviderRoute));
const ProviderApplyRoute = lazyScreen(() => import('./routes/provider-apply').then((m) => m.ProviderApplyRoute));
const ProviderActivityRoute = lazyScreen(() =>
  import('./routes/provider-activity').then((m) => m.ProviderActivityRoute),
);
const AdminActivityRoute = lazyScreen(() => import('./routes/admin-activity').then((m) => m.AdminActivityRoute));
const AdminNewActivityRoute = lazyScreen(() => import('./routes/admin-activity').then((m) => m.AdminNewActivityRoute));
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
const ProviderAvailabilityRoute = lazyScreen(() =>
  import('./routes/provider-availability').then((m) => m.ProviderAvailabilityRoute),
);
const ProviderDayRoute = lazyScreen(() => import('./routes/provider-day').then((m) => m.ProviderDayRoute));
const PrivacyRoute = lazyScreen(() => import('./routes/privacy').then((m) => m.PrivacyRoute));
const NotFoundRoute = lazyScreen(() => import('./routes/not-found').then((m) => m.NotFoundRoute));

/** The screens by address, the first that matches wins (docs/rendering.md#router). */
const ROUTES: [path: string, screen: ReactElement][] = [
  ['/', <OverviewRoute />],
  ['/activity/:id', <ActivityDetailRoute />],
  ['/favorieten', <FavouritesRoute />],
  ['/kaart', <MapRoute />],
  ['/agenda', <AgendaRoute />],
  ['/landing', <LandingRoute />],
  ['/privacy', <PrivacyRoute />],
  ['/privacy/data/:token', <PrivacyRoute />],
  ['/login', <LoginRoute />],
  ['/role-selection', <RoleSelectionRoute />],
  ['/admin', <AdminRoute />],
  ['/admin/activities', <AdminRoute tab="activities" />],
  ['/admin/activities/pending', <AdminRoute tab="queue" />],
  ['/admin/activities/new', <AdminNewActivityRoute />],
  ['/admin/activities/:id', <AdminActivityRoute />],
  ['/admin/bookings', <AdminRoute tab="bookings" />],
  ['/admin/sponsorships', <AdminRoute tab="sponsorships" />],
  ['/admin/tags', <AdminTagsRoute />],
  ['/admin/imports', <AdminRoute tab="imports" />],
  ['/admin/settings', <AdminRoute tab="settings" />],
  ['/admin/privacy', <AdminRoute tab="privacy" />],
  ['/provider', <ProviderRoute />],
  ['/provider/apply', <ProviderApplyRoute />],
  ['/provider/bookings', <ProviderBookingsRoute />],
  ['/provider/sponsorship', <ProviderSponsorshipRoute />],
  ['/provider/activities/new', <ProviderActivityRoute />],
  ['/provider/activities/:id', <ProviderActivityRoute />],
  ['/provider/activities/:id/preview', <ProviderActivityPreviewRoute />],
  ['/provider/activities/:id/availability', <ProviderAvailabilityRoute />],
  ['/provider/activities/:id/days', <ProviderDayRoute />],
  ['/boekingen', <MyBookingsRoute />],
  ['/boekingen/:id/annuleren', <CancelBookingRoute />],
];

export function AppRoutes() {
  return (
    <Layout>
      <Switch>
        {ROUTES.map(([path, screen]) => (
          <Route key={path} path={path}>
            {screen}
          </Route>
        ))}
        <Route>
          <NotFoundRoute />
        </Route>
      </Switch>
    </Layout>
  );
}

/** Loads the chunk of the screen `pathname` shows (docs/rendering.md#hydration). */
export async function preloadScreens(pathname: string): Promise<void> {
  const found = ROUTES.find(([path]) => matchRoute(parsePattern, path, pathname)[0]);
  const screen: unknown = (found?.[1] ?? <NotFoundRoute />).type;
  if (typeof screen === 'function' && 'preload' in screen) await (screen as LazyScreen<object>).preload();
}
