import { useTranslation } from 'react-i18next';
import { ROLES, type Role } from '../../../../domain/roles';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toast-store';
import { useChangeRole, useUsers } from '../api/admin-api';
import { useErrorText } from '../../../lib/error-text';

/** All users with a role selector (docs/permissions.md). */
export function UsersPanel() {
  const { t } = useTranslation('admin');
  const errorText = useErrorText();
  const { data, isPending, isError } = useUsers();
  const changeRole = useChangeRole();

  if (isPending) return <Skeleton className="h-48 w-full" />;
  if (isError)
    return (
      <p role="alert" className="text-red-800">
        {t('loadFailed')}
      </p>
    );
  return (
    <div className="overflow-x-auto rounded-3xl bg-white ring-1 ring-sand-200">
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
        <tbody>
          {data.map((user) => {
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
                    onChange={(event) =>
                      changeRole.mutate(
                        { userId: user.id, role: event.target.value as Role },
                        {
                          onSuccess: () => toast({ title: t('users.updated') }),
                          onError: (error) =>
                            toast({
                              title: t('users.updateFailed'),
                              description: errorText(error, t('users.updateFailedText')),
                              variant: 'destructive',
                            }),
                        },
                      )
                    }
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
  );
}
