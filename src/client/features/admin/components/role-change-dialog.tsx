import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminUser } from '../../../../domain/admin';
import type { Role } from '../../../../domain/roles';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';

/** A role change an admin asked for, waiting for their confirmation. */
export interface RoleChange {
  user: Pick<AdminUser, 'id' | 'email' | 'firstName' | 'lastName' | 'role' | 'roleChosen' | 'providerStatus'>;
  role: Role;
}

/**
 * What a role change does, as the dialog says it (docs/permissions.md#rejected-and-demoted-providers):
 * the keys of `users.effects`, in the order they are told.
 */
export function roleChangeEffects({ user, role }: RoleChange): string[] {
  const effects: string[] = [];
  if (user.role === 'provider' && role !== 'provider') {
    effects.push(user.providerStatus === 'approved' ? 'providerLeaves' : 'applicantLeaves');
  }
  if (user.role === 'admin') effects.push('adminLeaves');
  if (role === 'provider') effects.push('toProvider');
  if (role === 'admin') effects.push('toAdmin');
  if (role === 'visitor') effects.push('toVisitor');
  if (!user.roleChosen) effects.push('roleChosen');
  return effects;
}

/** Asks before a user's role changes, and says what the change does (issue 28, item 8). */
export function RoleChangeDialog({
  change,
  busy,
  onConfirm,
  onCancel,
  returnFocusTo,
}: {
  change: RoleChange | null;
  busy: boolean;
  onConfirm: (change: RoleChange) => void;
  onCancel: () => void;
  returnFocusTo: RefObject<HTMLElement | null>;
}) {
  const { t } = useTranslation('admin');
  const name = change
    ? [change.user.firstName, change.user.lastName].filter(Boolean).join(' ') || change.user.email || '—'
    : '';
  return (
    <Dialog open={change !== null} onOpenChange={(open) => (open ? undefined : onCancel())}>
      {change ? (
        <DialogContent
          title={t('users.confirm.title', { name, role: t(`roles.${change.role}`) })}
          description={t('users.confirm.from', { role: t(`roles.${change.user.role}`) })}
          closeLabel={t('users.confirm.close')}
          returnFocusTo={returnFocusTo}
        >
          <ul className="mb-6 list-disc space-y-2 pl-5 text-sm text-ink-700">
            {roleChangeEffects(change).map((effect) => (
              <li key={effect}>{t(`users.effects.${effect}`)}</li>
            ))}
          </ul>
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={onCancel}>
              {t('users.confirm.cancel')}
            </Button>
            <Button
              variant={change.role === 'admin' || change.user.role === 'provider' ? 'danger' : 'primary'}
              disabled={busy}
              onClick={() => onConfirm(change)}
            >
              {t('users.confirm.submit', { role: t(`roles.${change.role}`) })}
            </Button>
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
