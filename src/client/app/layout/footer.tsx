import { Mail, MapPinned, Phone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../lib/navigation';
import { CATEGORIES } from '../../../domain/activities';
import { DATATOURISME, OPEN_LICENCE } from '../../../domain/attribution';
import { BRAND } from '../../../domain/brand';
import { taggedText } from '../../lib/tagged-text';
import { useClientConfig } from '../../lib/client-config';
import { SponsorPlans } from '../sponsor-plans';

function CreditLink({ href, newTab, children }: { href: string; newTab: string; children?: React.ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className="underline hover:text-white">
      {children}
      <span className="sr-only"> ({newTab})</span>
    </a>
  );
}

export function Footer() {
  const { t } = useTranslation();
  // The contact shows once it is configured (CONTACT_EMAIL, CONTACT_PHONE); nothing is made up.
  const contact = useClientConfig().data?.contact;
  return (
    <footer className="mt-16 bg-ink-900 pb-24 text-sand-100 lg:pb-0">
      <div className="mx-auto max-w-7xl px-4 py-12">
        <section aria-labelledby="footer-plans" className="mb-12">
          <h2 id="footer-plans" className="text-2xl font-semibold text-white">
            {t('footer.plans.title')}
          </h2>
          <p className="mt-2 max-w-2xl text-sand-200">
            {t('footer.plans.intro')}{' '}
            <Link to="/landing" className="font-medium text-white underline hover:text-sand-100">
              {t('footer.plans.more')}
            </Link>
          </p>
          <SponsorPlans className="mt-6" />
        </section>
        <div className="grid gap-10 border-t border-white/10 pt-10 md:grid-cols-3">
          <div className="space-y-3">
            <p className="flex items-center gap-2 text-lg font-bold text-white">
              <MapPinned aria-hidden className="h-5 w-5 text-terracotta-500" />
              {BRAND.name}
            </p>
            <p className="text-sm text-sand-200">{t('footer.tagline')}</p>
          </div>
          {contact && (contact.email || contact.phone) ? (
            <section aria-labelledby="footer-contact">
              <h2 id="footer-contact" className="text-sm font-semibold uppercase tracking-wide text-sand-200">
                {t('footer.contact')}
              </h2>
              <ul className="mt-3 space-y-2 text-sm">
                {contact.email ? (
                  <li>
                    <a href={`mailto:${contact.email}`} className="inline-flex items-center gap-2 hover:text-white">
                      <Mail aria-hidden className="h-4 w-4" />
                      {contact.email}
                    </a>
                  </li>
                ) : null}
                {contact.phone ? (
                  <li>
                    <a
                      href={`tel:${contact.phone.replace(/[^+\d]/g, '')}`}
                      className="inline-flex items-center gap-2 hover:text-white"
                    >
                      <Phone aria-hidden className="h-4 w-4" />
                      {contact.phone}
                    </a>
                  </li>
                ) : null}
              </ul>
            </section>
          ) : (
            <div />
          )}
          <nav aria-label={t('footer.categoriesNav')}>
            <h2 id="footer-categories" className="text-sm font-semibold uppercase tracking-wide text-sand-200">
              {t('footer.categories')}
            </h2>
            <ul className="mt-3 grid grid-cols-2 gap-2 text-sm">
              {CATEGORIES.map((category) => (
                <li key={category}>
                  <Link to={`/?category=${category}`} className="hover:text-white">
                    {t(`category.chip.${category}`)}
                  </Link>
                </li>
              ))}
              <li>
                <Link to="/agenda" className="hover:text-white">
                  {t('nav.agenda')}
                </Link>
              </li>
            </ul>
          </nav>
        </div>
        <p className="mt-10 flex flex-wrap justify-between gap-x-6 gap-y-2 border-t border-white/10 pt-6 text-xs text-sand-200">
          <span>{t('footer.copyright', { year: new Date().getFullYear() })}</span>
          <Link to="/privacy" className="underline hover:text-white">
            {t('footer.privacy')}
          </Link>
        </p>
        {/* On every page, whether or not the catalogue holds imported activities yet (docs/datatourisme.md#attribution). */}
        <p className="mt-2 text-xs text-sand-200">
          {taggedText(t('footer.dataSource', { licence: OPEN_LICENCE.name }), {
            platform: (inner) => (
              <CreditLink href={DATATOURISME.url} newTab={t('a11y.newTab')}>
                {inner}
              </CreditLink>
            ),
            licence: (inner) => (
              <CreditLink href={OPEN_LICENCE.url} newTab={t('a11y.newTab')}>
                {inner}
              </CreditLink>
            ),
          })}
        </p>
      </div>
    </footer>
  );
}
