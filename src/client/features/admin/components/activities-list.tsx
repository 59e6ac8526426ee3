import { Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CATEGORIES } from '../../../../domain/activities';
import { ADMIN_ACTIVITY_STATUSES, type AdminActivityListItem } from '../../../../domain/admin-activities';
import { Badge } from '../../../components/ui/badge';
import { SearchInput } from '../../../components/ui/search-input';
import { PagedRows } from '../../../components/ui/paged-rows';
import { Link } from '../../../lib/navigation';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { type AdminActivityFilters, useAdminActivities, useApprovedProviders } from '../api/admin-api';
import { StatusBadge } from './status-badge';

const selectClass = 'h-11 w-full rounded-xl border border-sand-300 bg-white px-3 text-sm text-ink-900';

function ActivityRow({ item }: { item: AdminActivityListItem }) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation();
  return (
    <div className="flex w-full flex-wrap items-center justify-between gap-x-4 gap-y-2">
      <div className="min-w-0 space-y-1">
        <Link to={`/admin/activities/${item.id}`} className="font-semibold text-ink-900 hover:underline">
          {item.name}
        </Link>
        <p className="text-sm text-ink-600">
          {tc(`category.chip.${item.category}`)} · {item.city} · {item.providerName ?? t('list.theGuide')}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <StatusBadge status={item.status} />
        {item.pendingChanges ? <Badge className="bg-amber-100 text-amber-900">{t('list.pendingChanges')}</Badge> : null}
        <Link
          to={`/provider/activities/${item.id}/availability`}
          className="text-sm font-medium text-terracotta-700 hover:underline"
          aria-label={t('list.availabilityOf', { name: item.name })}
        >
          {t('list.availability')}
        </Link>
        <Link
          to={`/admin/activities/${item.id}#sponsorship`}
          className="text-sm font-medium text-terracotta-700 hover:underline"
          aria-label={t('list.sponsorshipOf', { name: item.name, level: t(`sponsorship.levels.${item.sponsorLevel}`) })}
        >
          {t(`sponsorship.levels.${item.sponsorLevel}`)}
        </Link>
      </div>
    </div>
  );
}

/**
 * Every activity, whatever its state (docs/moderation.md#every-activity): a search by name, filters
 * by status, category, provider and sponsorship, a page at a time.
 */
export function ActivitiesList() {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation();
  const id = useId();
  const [filters, setFilters] = useState<AdminActivityFilters>({
    search: '',
    status: '',
    category: '',
    provider: '',
    sponsored: '',
  });
  const search = useDebouncedValue(filters.search.trim(), 300);
  const list = useAdminActivities({ ...filters, search });
  const providers = useApprovedProviders();
  const set = <K extends keyof AdminActivityFilters>(key: K, value: AdminActivityFilters[K]) =>
    setFilters((f) => ({ ...f, [key]: value }));

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <p className="text-sm text-ink-600">{t('list.intro')}</p>
        <Link
          to="/admin/activities/new"
          className="inline-flex h-11 items-center gap-2 rounded-xl bg-terracotta-700 px-4 text-sm font-semibold text-white hover:bg-terracotta-800"
        >
          <Plus aria-hidden className="h-4 w-4" />
          {t('list.new')}
        </Link>
      </div>
      <div role="search" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
        <div className="sm:col-span-2 lg:col-span-1">
          <label htmlFor={`${id}-search`} className="mb-1 block text-sm font-medium text-ink-800">
            {t('list.search')}
          </label>
          <SearchInput
            id={`${id}-search`}
            value={filters.search}
            maxLength={100}
            onChange={(event) => set('search', event.target.value)}
          />
        </div>
        <div>
          <label htmlFor={`${id}-status`} className="mb-1 block text-sm font-medium text-ink-800">
            {t('list.status')}
          </label>
          <select
            id={`${id}-status`}
            className={selectClass}
            value={filters.status}
            onChange={(e) => set('status', e.target.value as AdminActivityFilters['status'])}
          >
            <option value="">{t('list.any')}</option>
            {ADMIN_ACTIVITY_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`status.${status}`)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-category`} className="mb-1 block text-sm font-medium text-ink-800">
            {t('list.category')}
          </label>
          <select
            id={`${id}-category`}
            className={selectClass}
            value={filters.category}
            onChange={(e) => set('category', e.target.value as AdminActivityFilters['category'])}
          >
            <option value="">{t('list.any')}</option>
            {CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {tc(`category.chip.${category}`)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-provider`} className="mb-1 block text-sm font-medium text-ink-800">
            {t('list.provider')}
          </label>
          <select
            id={`${id}-provider`}
            className={selectClass}
            value={filters.provider}
            onChange={(e) => set('provider', e.target.value)}
          >
            <option value="">{t('list.any')}</option>
            <option value="none">{t('list.theGuide')}</option>
            {providers.items.map((p) => (
              <option key={p.id} value={String(p.id)}>
                {p.company ?? p.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-sponsored`} className="mb-1 block text-sm font-medium text-ink-800">
            {t('list.sponsored')}
          </label>
          <select
            id={`${id}-sponsored`}
            className={selectClass}
            value={filters.sponsored}
            onChange={(e) => set('sponsored', e.target.value as AdminActivityFilters['sponsored'])}
          >
            <option value="">{t('list.any')}</option>
            <option value="yes">{t('list.sponsoredYes')}</option>
            <option value="no">{t('list.sponsoredNo')}</option>
          </select>
        </div>
      </div>
      <div
        aria-busy={list.isPlaceholderData || undefined}
        className={list.isPlaceholderData ? 'opacity-60' : undefined}
      >
        <PagedRows
          list={list}
          empty={t('list.none')}
          rowKey={(item) => item.id}
          row={(item) => <ActivityRow item={item} />}
        />
      </div>
    </div>
  );
}
