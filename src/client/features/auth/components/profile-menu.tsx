import { DropdownMenu } from 'radix-ui';
import {
  CalendarCheck,
  CalendarDays,
  Clock,
  LayoutDashboard,
  ListChecks,
  LogOut,
  ShieldCheck,
  Store,
  Tags,
  User,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../lib/navigation';
import type { AuthUser } from '../../../../domain/auth';
import { isAdmin, isApprovedProvider, principalOfUser } from '../../../../domain/policies';
import { useLogout } from '../api/auth-mutations';
import { APPLY_PATH } from '../apply-path';
import { isPendingProvider, roleLabelKey } from './role-label';

const itemClass =
  'flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm text-ink-900 outline-none data-[highlighted]:bg-sand-100';

/** The header's profile menu (docs/product.md#screens): name, role, pending note, and the entries the role allows. */
export default function ProfileMenu({ user }: { user: AuthUser }) {
  const { t } = useTranslation('account');
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email || t('menu.you');
  const principal = principalOfUser(user);
  const logout = useLogout();
  const initials = name
    .split(/\s+/)
    .slice(0, 2)
    .map((part) => part.charAt(0).toUpperCase())
    .join('');
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        aria-label={t('menu.open', { name })}
        className="flex h-10 items-center gap-2 rounded-full bg-ink-900 pl-1 pr-3 text-sm font-medium text-white hover:bg-ink-700"
      >
        <span
          aria-hidden
          className="flex h-8 w-8 items-center justify-center rounded-full bg-terracotta-600 text-xs font-bold"
        >
          {initials || <User className="h-4 w-4" />}
        </span>
        <span className="hidden max-w-32 truncate sm:inline">{user.firstName ?? name}</span>
        {isPendingProvider(user) ? <span aria-hidden className="h-2 w-2 rounded-full bg-gold-400" /> : null}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-[60] w-72 rounded-2xl border border-sand-200 bg-white p-2 shadow-xl animate-fade-in"
        >
          <div className="px-3 py-2">
            <p className="truncate font-semibold text-ink-900">{name}</p>
            {user.email ? <p className="truncate text-sm text-ink-500">{user.email}</p> : null}
            <p className="mt-1 inline-flex rounded-full bg-sand-100 px-2 py-0.5 text-xs font-semibold text-ink-700">
              {t(roleLabelKey(user))}
            </p>
            {isPendingProvider(user) ? (
              <p className="mt-2 flex gap-2 rounded-xl bg-amber-50 p-2 text-xs text-amber-900">
                <Clock aria-hidden className="h-4 w-4 shrink-0" />
                {user.providerStatus === 'rejected' ? t('menu.rejected') : t('menu.pending')}
              </p>
            ) : null}
          </div>
          <DropdownMenu.Separator className="my-1 h-px bg-sand-200" />
          {user.roleChosen ? (
            <DropdownMenu.Item asChild className={itemClass}>
              <Link to="/boekingen">
                <CalendarDays aria-hidden className="h-4 w-4" />
                {t('menu.myBookings')}
              </Link>
            </DropdownMenu.Item>
          ) : null}
          {user.role === 'visitor' && user.roleChosen && !user.providerStatus ? (
            // A visitor applies once (docs/accounts.md#becoming-a-provider).
            <DropdownMenu.Item asChild className={itemClass}>
              <Link to={APPLY_PATH}>
                <Store aria-hidden className="h-4 w-4" />
                {t('menu.becomeProvider')}
              </Link>
            </DropdownMenu.Item>
          ) : null}
          {user.role === 'provider' && user.roleChosen ? (
            // A provider who waits for approval already prepares drafts here.
            <DropdownMenu.Item asChild className={itemClass}>
              <Link to="/provider">
                <ListChecks aria-hidden className="h-4 w-4" />
                {t('menu.myActivities')}
              </Link>
            </DropdownMenu.Item>
          ) : null}
          {isApprovedProvider(principal) && user.role === 'provider' ? (
            <>
              <DropdownMenu.Item asChild className={itemClass}>
                <Link to="/provider/bookings">
                  <CalendarCheck aria-hidden className="h-4 w-4" />
                  {t('menu.providerBookings')}
                </Link>
              </DropdownMenu.Item>
            </>
          ) : null}
          {isAdmin(principal) ? (
            <>
              <DropdownMenu.Item asChild className={itemClass}>
                <Link to="/admin">
                  <LayoutDashboard aria-hidden className="h-4 w-4" />
                  {t('menu.admin')}
                </Link>
              </DropdownMenu.Item>
              <DropdownMenu.Item asChild className={itemClass}>
                <Link to="/admin/tags">
                  <Tags aria-hidden className="h-4 w-4" />
                  {t('menu.tags')}
                </Link>
              </DropdownMenu.Item>
            </>
          ) : null}
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to="/privacy">
              <ShieldCheck aria-hidden className="h-4 w-4" />
              {t('menu.privacy')}
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item className={itemClass} disabled={logout.isPending} onSelect={() => logout.mutate()}>
            <LogOut aria-hidden className="h-4 w-4" />
            {t('menu.logout')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
