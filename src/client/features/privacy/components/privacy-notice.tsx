import { Mail, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '../../../components/ui/skeleton';
import { useClientConfig } from '../../../lib/client-config';
import { taggedText } from '../../../lib/tagged-text';

/** What is kept, each with why and for how long (docs/privacy.md), in the page's order. */
const KEPT = ['account', 'sessions', 'bookings', 'reviews', 'provider', 'mail', 'favourites', 'language'] as const;
const PROCESSORS = ['mail', 'login', 'stripe', 'tiles', 'weather', 'geocode', 'directions'] as const;
const RIGHTS = ['access', 'rectification', 'erasure', 'portability', 'objection', 'restriction'] as const;
const WHO = ['provider', 'team', 'public', 'nobodyElse'] as const;

const CNIL_URL = 'https://www.cnil.fr';

export function NoticeSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-3xl bg-white p-5 ring-1 ring-sand-200 sm:p-6">
      <h2 id={id} className="text-xl font-semibold text-ink-900">
        {title}
      </h2>
      <div className="mt-3 space-y-3 text-ink-700">{children}</div>
    </section>
  );
}

/**
 * The privacy notice (docs/privacy.md#the-privacy-page): who the controller is, what is kept, why and
 * for how long, who sees it, the services that process it, and the rights with how to use them.
 * `actions` (download, delete, or the guest's form) go under the rights. The operator's name, the
 * contact and the retention period come from the console's settings through /api/config.
 */
export function PrivacyNotice({ actions }: { actions: ReactNode }) {
  const { t } = useTranslation('privacy');
  const { t: tc } = useTranslation();
  const config = useClientConfig().data;
  const contact = config?.contact;
  const mailLink = contact?.email ? (
    <a href={`mailto:${contact.email}`} className="font-medium text-terracotta-700 underline">
      {contact.email}
    </a>
  ) : null;

  return (
    <div className="space-y-6">
      <NoticeSection id="privacy-controller" title={t('controller.title')}>
        {config ? (
          <p>
            {taggedText(t('controller.text'), {
              operator: () => <strong className="font-semibold text-ink-900">{config.privacy.operatorName}</strong>,
            })}
          </p>
        ) : (
          <Skeleton className="h-6 w-full" />
        )}
        {contact && (contact.email || contact.phone) ? (
          <div>
            <h3 className="text-sm font-semibold text-ink-900">{t('controller.contact')}</h3>
            <ul className="mt-1 space-y-1 text-sm">
              {contact.email ? (
                <li className="flex items-center gap-2">
                  <Mail aria-hidden className="h-4 w-4 text-ink-500" />
                  {mailLink}
                </li>
              ) : null}
              {contact.phone ? (
                <li className="flex items-center gap-2">
                  <Phone aria-hidden className="h-4 w-4 text-ink-500" />
                  <a href={`tel:${contact.phone.replace(/[^+\d]/g, '')}`} className="text-terracotta-700 underline">
                    {contact.phone}
                  </a>
                </li>
              ) : null}
            </ul>
          </div>
        ) : null}
      </NoticeSection>

      <NoticeSection id="privacy-kept" title={t('kept.title')}>
        <ul className="divide-y divide-sand-200">
          {KEPT.map((item) => (
            <li key={item} className="py-3 first:pt-0 last:pb-0">
              <h3 className="font-semibold text-ink-900">{t(`kept.${item}.title`)}</h3>
              <p className="mt-1">{t(`kept.${item}.what`)}</p>
              <dl className="mt-1 grid gap-x-3 gap-y-1 text-sm sm:grid-cols-[8rem_1fr]">
                <dt className="font-medium text-ink-900">{t('kept.why')}</dt>
                <dd>{t(`kept.${item}.why`)}</dd>
                <dt className="font-medium text-ink-900">{t('kept.until')}</dt>
                <dd>
                  {item !== 'bookings' ? (
                    t(`kept.${item}.until`)
                  ) : config ? (
                    t('kept.bookings.until', { count: config.privacy.retentionMonths })
                  ) : (
                    <Skeleton className="h-5 w-full" />
                  )}
                </dd>
              </dl>
            </li>
          ))}
        </ul>
      </NoticeSection>

      <NoticeSection id="privacy-who" title={t('who.title')}>
        <ul className="list-disc space-y-1 pl-5">
          {WHO.map((item) => (
            <li key={item}>{t(`who.${item}`)}</li>
          ))}
        </ul>
      </NoticeSection>

      <NoticeSection id="privacy-processors" title={t('processors.title')}>
        <p>{t('processors.intro')}</p>
        <ul className="list-disc space-y-1 pl-5">
          {PROCESSORS.map((item) => (
            <li key={item}>{t(`processors.${item}`)}</li>
          ))}
        </ul>
      </NoticeSection>

      <NoticeSection id="privacy-rights" title={t('rights.title')}>
        <p>{t('rights.intro')}</p>
        <ul className="list-disc space-y-1 pl-5">
          {RIGHTS.map((item) => (
            <li key={item}>{t(`rights.${item}`)}</li>
          ))}
        </ul>
        <p>
          {t('rights.how')}{' '}
          {mailLink ? taggedText(t('rights.howMail'), { mail: () => mailLink }) : t('rights.howNoMail')}
        </p>
        <div className="rounded-2xl bg-sand-50 p-4 ring-1 ring-sand-200 sm:p-5">{actions}</div>
        <p>
          {taggedText(t('rights.complain'), {
            cnil: (inner) => (
              <a
                href={CNIL_URL}
                target="_blank"
                rel="noopener noreferrer"
                className="font-medium text-terracotta-700 underline"
              >
                {inner}
                <span className="sr-only"> ({tc('a11y.newTab')})</span>
              </a>
            ),
          })}
        </p>
      </NoticeSection>
    </div>
  );
}
