import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ErasureRecord as ErasureLine } from '../../../../domain/privacy';
import { LoadMore } from '../../../components/ui/load-more';
import { Skeleton } from '../../../components/ui/skeleton';
import { useLanguage } from '../../../i18n/use-language';
import { formatDateTime } from '../../../lib/format';
import { useErasures } from '../api/erasures';

/** Who erased: the admin, the person themselves (their own account), or an admin whose account has gone since. */
function useErasedBy() {
  const { t } = useTranslation('admin');
  return (line: ErasureLine) =>
    line.erasedBy?.name ?? t(line.kind === 'account' ? 'privacy.record.self' : 'privacy.record.formerAdmin');
}

/**
 * The record of erasures (docs/privacy.md#erasure-on-request): what kind, who and when, newest first,
 * a page at a time. It never says what was erased or whose it was.
 */
export function ErasureRecord() {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation();
  const language = useLanguage();
  const id = useId();
  const list = useErasures();
  const erasedBy = useErasedBy();
  const rowsRef = useRef<HTMLTableSectionElement>(null);

  const body = () => {
    if (list.isPending) return <Skeleton className="h-32 w-full" />;
    if (list.isError && !list.isFetchNextPageError)
      return (
        <p role="alert" className="rounded-2xl bg-red-50 p-4 text-red-900">
          {t('privacy.record.loadFailed')}
        </p>
      );
    if (list.items.length === 0)
      return (
        <p className="rounded-3xl bg-white p-8 text-center text-ink-600 ring-1 ring-sand-200">
          {t('privacy.record.empty')}
        </p>
      );
    return (
      <>
        {/* Three short columns that wrap: no sideways scrolling on a phone (it would need a keyboard stop of its own). */}
        <div className="rounded-3xl bg-white ring-1 ring-sand-200">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{t('privacy.record.caption')}</caption>
            <thead className="border-b border-sand-200 text-ink-500">
              <tr>
                <th scope="col" className="px-3 py-3 font-medium sm:px-4">
                  {t('privacy.record.kind')}
                </th>
                <th scope="col" className="px-3 py-3 font-medium sm:px-4">
                  {t('privacy.record.by')}
                </th>
                <th scope="col" className="px-3 py-3 font-medium sm:px-4">
                  {t('privacy.record.when')}
                </th>
              </tr>
            </thead>
            <tbody ref={rowsRef}>
              {list.items.map((line) => (
                <tr key={line.id} className="border-b border-sand-100 last:border-b-0">
                  <td className="px-3 py-3 font-medium text-ink-900 sm:px-4">
                    {t(`privacy.record.kinds.${line.kind}`)}
                  </td>
                  <td className="px-3 py-3 text-ink-700 sm:px-4">{erasedBy(line)}</td>
                  <td className="px-3 py-3 text-ink-600 sm:px-4">
                    <time dateTime={line.erasedAt}>{formatDateTime(line.erasedAt, language)}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <LoadMore
          list={{ ...list, shown: list.items.length }}
          itemsRef={rowsRef}
          shownText={tc('list.shown', { shown: list.items.length, total: list.total })}
          label={tc('list.loadMore')}
          failedText={tc('list.moreFailed')}
        />
      </>
    );
  };

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4">
      <div>
        <h2 id={`${id}-title`} className="text-xl font-semibold text-ink-900">
          {t('privacy.record.title')}
        </h2>
        <p className="mt-1 max-w-2xl text-sm text-ink-600">{t('privacy.record.intro')}</p>
      </div>
      {body()}
    </section>
  );
}
