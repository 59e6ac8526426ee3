import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { Layout } from './layout/layout';

// Every screen is its own chunk (code-split by route).
const OverviewRoute = lazy(() => import('./routes/overview').then((m) => ({ default: m.OverviewRoute })));
const ActivityDetailRoute = lazy(() =>
  import('./routes/activity-detail').then((m) => ({ default: m.ActivityDetailRoute })),
);
const FavouritesRoute = lazy(() => import('./routes/favourites').then((m) => ({ default: m.FavouritesRoute })));
const MapRoute = lazy(() => import('./routes/map').then((m) => ({ default: m.MapRoute })));
const LandingRoute = lazy(() => import('./routes/landing').then((m) => ({ default: m.LandingRoute })));
const LoginRoute = lazy(() => import('./routes/login').then((m) => ({ default: m.LoginRoute })));
const RoleSelectionRoute = lazy(() =>
  import('./routes/role-selection').then((m) => ({ default: m.RoleSelectionRoute })),
);
const AdminRoute = lazy(() => import('./routes/admin').then((m) => ({ default: m.AdminRoute })));
const AdminTagsRoute = lazy(() => import('./routes/admin-tags').then((m) => ({ default: m.AdminTagsRoute })));
const ProviderRoute = lazy(() => import('./routes/provider').then((m) => ({ default: m.ProviderRoute })));
const ProviderActivityRoute = lazy(() =>
  import('./routes/provider-activity').then((m) => ({ default: m.ProviderActivityRoute })),
);
const AdminActivityRoute = lazy(() =>
  import('./routes/admin-activity').then((m) => ({ default: m.AdminActivityRoute })),
);
const MyBookingsRoute = lazy(() => import('./routes/my-bookings').then((m) => ({ default: m.MyBookingsRoute })));
const CancelBookingRoute = lazy(() =>
  import('./routes/cancel-booking').then((m) => ({ default: m.CancelBookingRoute })),
);
const ProviderBookingsRoute = lazy(() =>
  import('./routes/provider-bookings').then((m) => ({ default: m.ProviderBookingsRoute })),
);
const ProviderSponsorshipRoute = lazy(() =>
  import('./routes/provider-sponsorship').then((m) => ({ default: m.ProviderSponsorshipRoute })),
);
const ProviderActivityPreviewRoute = lazy(() =>
  import('./routes/provider-activity-preview').then((m) => ({ default: m.ProviderActivityPreviewRoute })),
);
const NotFoundRoute = lazy(() => import('./routes/not-found').then((m) => ({ default: m.NotFoundRoute })));

export function AppRoutes() {
  return (
    <Routes>
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
    </Routes>
  );
}
