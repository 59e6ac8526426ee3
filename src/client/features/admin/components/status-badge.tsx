import { useTranslation } from 'react-i18next';
import type { AdminActivityStatus } from '../../../../domain/admin-activities';
import { Badge } from '../../../components/ui/badge';

const COLORS: Record<AdminActivityStatus, string> = {
  published: 'bg-emerald-50 text-emerald-900',
  paused: 'bg-sand-200 text-ink-800',
  pending: 'bg-amber-100 text-amber-900',
  rejected: 'bg-red-100 text-red-900',
  draft: 'bg-sand-100 text-ink-700',
};

/** An activity's status for the admins (docs/moderation.md#every-activity), in words and colour. */
export function StatusBadge({ status }: { status: AdminActivityStatus }) {
  const { t } = useTranslation('admin');
  return <Badge className={COLORS[status]}>{t(`status.${status}`)}</Badge>;
}
