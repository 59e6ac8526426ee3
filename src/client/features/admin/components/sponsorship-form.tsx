import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProviderActivity } from '../../../../domain/provider-activities';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast-store';
import { useErrorText } from '../../../lib/error-text';
import { useAdminUpdateActivity } from '../api/admin-api';

const LEVELS = [0, 1, 2, 3] as const;

/**
 * A sponsorship set by hand, for providers who pay outside the site
 * (docs/provider-workspace.md#admin): the level and, if it ends, its last day.
 */
export function SponsorshipForm({ activity }: { activity: ProviderActivity }) {
  const { t } = useTranslation('admin');
  const errorText = useErrorText();
  const id = useId();
  const update = useAdminUpdateActivity();
  const [level, setLevel] = useState<number>(activity.sponsorLevel);
  const [until, setUntil] = useState(activity.sponsoredUntil ?? '');
  return (
    <form
      className="space-y-4 rounded-3xl bg-white p-6 ring-1 ring-sand-200"
      aria-labelledby={`${id}-title`}
      onSubmit={(e) => {
        e.preventDefault();
        update.mutate(
          { id: activity.id, values: { sponsorLevel: level, sponsoredUntil: level === 0 ? null : until || null } },
          {
            onSuccess: () => toast({ title: t('sponsorship.saved') }),
            onError: (error) =>
              toast({
                title: t('error'),
                description: errorText(error, t('sponsorship.failed')),
                variant: 'destructive',
              }),
          },
        );
      }}
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold text-ink-900">
        {t('sponsorship.title')}
      </h2>
      <p className="text-sm text-ink-600">{t('sponsorship.intro')}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-level`} className="mb-1 block text-sm font-medium text-ink-800">
            {t('sponsorship.level')}
          </label>
          <select
            id={`${id}-level`}
            className="h-11 w-full rounded-xl border border-sand-300 bg-white px-3 text-ink-900"
            value={level}
            onChange={(e) => setLevel(Number(e.target.value))}
          >
            {LEVELS.map((l) => (
              <option key={l} value={l}>
                {t(`sponsorship.levels.${l}`)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-until`} className="mb-1 block text-sm font-medium text-ink-800">
            {t('sponsorship.until')}
          </label>
          <Input
            id={`${id}-until`}
            type="date"
            disabled={level === 0}
            value={level === 0 ? '' : until}
            onChange={(e) => setUntil(e.target.value)}
            aria-describedby={`${id}-until-hint`}
          />
          <p id={`${id}-until-hint`} className="mt-1 text-sm text-ink-500">
            {t('sponsorship.untilHint')}
          </p>
        </div>
      </div>
      <Button type="submit" disabled={update.isPending}>
        {t('sponsorship.save')}
      </Button>
    </form>
  );
}
