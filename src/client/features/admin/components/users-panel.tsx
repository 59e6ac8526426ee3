import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ROLES, type Role } from '../../../../domain/roles';
import { SearchInput } from '../../../components/ui/search-input';
import { LoadMore } from '../../../components/ui/load-more';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toast-store';
import { useChangeRole, useUsers } from '../api/admin-api';
import { type RoleChange, RoleChangeDialog } from './role-change-dialog';
import { cn } from '../../../lib/cn';
import { useErrorText } from '../../../lib/error-text';
import { useDebouncedValue } from '../../../lib/use-debounced-value';

/**
 * The users, newest first and a page at a time, with a search by name, e-mail address or company
 * and a role selector each (docs/permissions.md); a change is confirmed in a dialog that says what it does.
 */
export function UsersPanel() {
  const { t } = useTranslation('admin');
  const id = useId();
  const [search, setSearch] = useState('');
  const searched = useDebouncedValue(search.trim(), 300);
  return (
    <div className="space-y-4">
      <div className="max-w-md">
        <label htmlFor={`${id}-search`} className="mb-1 block text-sm font-medium text-ink-800">
          {t('users.search')}
        </label>
        <SearchInput
          id={`${id}-search`}
          value={search}
          maxLength={100}
          onChange={(event) => setSearch(event.target.value)}
          aria-describedby={`${id}-search-hint`}
        />
        <p id={`${id}-search-hint`} className="mt-1 text-sm text-ink-500">
          {t('users.searchHint')}
        </p>
      </div>
      <UsersTable search={searched} />
    </div>
  );
}

function UsersTable({ search }: { search: string }) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation();
  const errorText = useErrorText();
  const users = useUsers(search);
  const changeRole = useChangeRole();
  const rowsRef = useRef<HTMLTableSectionElement>(null);
  // A change waits in the dialog until the admin confirms it; focus goes back to its selector.
  const [asked, setAsked] = useState<RoleChange | null>(null);
  const selectRef = useRef<HTMLSelectElement | null>(null);

  const confirm = ({ user, role }: RoleChange) =>
    changeRole.mutate(
      { userId: user.id, role },
      {
        onSuccess: () => toast({ title: t('users.updated') }),
        onError: (error) =>
          toast({
            title: t('users.updateFailed'),
            description: errorText(error, t('users.updateFailedText')),
            variant: 'destructive',
          }),
        onSettled: () => setAsked(null),
      },
    );

  if (users.isPending) return <Skeleton className="h-48 w-full" />;
  if (users.isError && !users.isFetchNextPageError)
    return (
      <p role="alert" className="text-red-800">
        {t('loadFailed')}
      </p>
    );
  return (
    <>
      {users.items.length > 0 ? (
        <div
          aria-busy={users.isPlaceholderData || undefined}
          className={cn(
            'overflow-x-auto rounded-3xl bg-white ring-1 ring-sand-200',
            users.isPlaceholderData && 'opacity-60',
          )}
        >
          <table className="w-full min-w-[40rem] text-left text-sm">
            <caption className="sr-only">{t('users.caption')}</caption>
            <thead className="border-b border-sand-200 text-ink-500">
              <tr>
                <th scope="col" className="px-4 py-3 font-medium">
                  {t('users.name')}
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  {t('users.email')}
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  {t('users.status')}
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  {t('users.role')}
                </th>
              </tr>
            </thead>
            <tbody ref={rowsRef}>
              {users.items.map((user) => {
                const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || '—';
                return (
                  <tr key={user.id} className="border-b border-sand-100 last:border-b-0">
                    <td className="px-4 py-3 font-medium text-ink-900">{name}</td>
                    <td className="px-4 py-3 text-ink-600">{user.email ?? '—'}</td>
                    <td className="px-4 py-3 text-ink-600">
                      {user.role === 'provider'
                        ? t(`users.provider.${user.providerStatus ?? 'pending'}`)
                        : user.roleChosen
                          ? ''
                          : t('users.new')}
                    </td>
                    <td className="px-4 py-3">
                      <select
                        aria-label={t('users.roleOf', { name: user.email ?? name })}
                        value={user.role}
                        disabled={changeRole.isPending}
                        onChange={(event) => {
                          selectRef.current = event.currentTarget;
                          setAsked({ user, role: event.target.value as Role });
                        }}
                        className="h-9 rounded-lg border border-sand-300 bg-white px-2 text-ink-900"
                      >
                        {ROLES.map((role) => (
                          <option key={role} value={role}>
                            {t(`roles.${role}`)}
                          </option>
                        ))}
                      </select>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
      <RoleChangeDialog
        change={asked}
        busy={changeRole.isPending}
        onConfirm={confirm}
        onCancel={() => setAsked(null)}
        returnFocusTo={selectRef}
      />
      {/* Stays in place while the search changes, so a screen reader hears what it found. */}
      <LoadMore
        list={{ ...users, shown: users.items.length }}
        itemsRef={rowsRef}
        shownText={
          users.items.length === 0
            ? t('users.noMatch', { search })
            : tc('list.shown', { shown: users.items.length, total: users.total })
        }
        label={tc('list.loadMore')}
        failedText={tc('list.moreFailed')}
      />
    </>
  );
}
