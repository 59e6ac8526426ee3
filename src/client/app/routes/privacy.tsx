import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'wouter';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast-store';
import { authKeys, useSessionUser } from '../../features/auth/api/auth-user';
import { DataLinkDownload } from '../../features/privacy/components/data-link-download';
import { DataRequestForm } from '../../features/privacy/components/data-request-form';
import { MyData } from '../../features/privacy/components/my-data';
import { PrivacyNotice } from '../../features/privacy/components/privacy-notice';
import { useLanguage } from '../../i18n/use-language';
import { useNavigate } from '../../lib/navigation';

/**
 * The privacy page (/privacy, rendered by the server like the other public pages) and where a mailed
 * data link leads (/privacy/data/:token, drawn by the browser): one screen, one chunk
 * (docs/privacy.md#the-privacy-page).
 */
export function PrivacyRoute() {
  const { t } = useTranslation('privacy');
  const token = useParams<{ token?: string }>().token;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="font-display text-3xl font-semibold text-ink-900 md:text-4xl">
        {token ? t('link.title') : t('title')}
      </h1>
      {token ? (
        <div className="mt-6">
          <DataLinkDownload token={token} />
        </div>
      ) : (
        <>
          <p className="mt-2 text-ink-600">{t('intro')}</p>
          <div className="mt-8">
            <PrivacyNotice actions={<RightsActions />} />
          </div>
        </>
      )}
    </div>
  );
}

/**
 * What a person can do here, by who they are: logged in, download or delete; not logged in, ask for
 * a link by mail. Unknown while the page hydrates (the server never reads the session).
 */
function RightsActions() {
  const { t } = useTranslation('privacy');
  const user = useSessionUser();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  if (user === undefined) {
    return (
      <div aria-busy="true" className="space-y-2">
        <span className="sr-only">{t('mine.loading')}</span>
        <Skeleton className="h-6 w-1/3" />
        <Skeleton className="h-11 w-full" />
      </div>
    );
  }
  if (user === null) return <DataRequestForm language={language} />;
  return (
    <MyData
      onDeleted={() => {
        // The account is gone and its sessions with it: nothing of it stays in memory.
        queryClient.setQueryData(authKeys.user(), null);
        queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'auth' && !query.isActive() });
        void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'auth' });
        navigate('/');
        toast({ title: t('deleteDialog.done') });
      }}
    />
  );
}
