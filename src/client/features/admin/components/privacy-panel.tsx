import { useTranslation } from 'react-i18next';
import { ErasureForm } from './erasure-form';
import { ErasureRecord } from './erasure-record';

/**
 * The console's Privacy tab (`/admin/privacy`, docs/privacy.md#erasure-on-request): erase an address
 * on request, and the record of erasures. The privacy page's operator name and how long guests'
 * details are kept are site settings, in the Settings tab.
 */
export function PrivacyPanel() {
  const { t } = useTranslation('admin');
  return (
    <div className="space-y-10">
      <p className="max-w-3xl text-ink-700">{t('privacy.intro')}</p>
      <ErasureForm />
      <ErasureRecord />
    </div>
  );
}
