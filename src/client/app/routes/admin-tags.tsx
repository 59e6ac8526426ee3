import { useTranslation } from 'react-i18next';
import { Link } from '../../lib/navigation';
import { TagsModeration } from '../../features/admin/components/tags-moderation';
import { RequireAccess } from '../require-access';

export function AdminTagsRoute() {
  const { t } = useTranslation('admin');
  return (
    <RequireAccess level="admin">
      <div className="mx-auto max-w-5xl px-4 py-10">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <h1 className="font-display text-3xl font-semibold text-ink-900 md:text-4xl">{t('tags.title')}</h1>
          <Link to="/admin" className="font-medium text-terracotta-700 hover:underline">
            {t('toPanel')}
          </Link>
        </div>
        <div className="mt-8">
          <TagsModeration />
        </div>
      </div>
    </RequireAccess>
  );
}
