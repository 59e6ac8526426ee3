import { useTranslation } from 'react-i18next';
import type { ActivitySource, TextLanguages } from '../../../../domain/activities';
import { DATATOURISME, OPEN_LICENCE, type MachineTranslatedField } from '../../../../domain/attribution';
import { useLanguage } from '../../../i18n/use-language';
import { formatDayRange } from '../../../lib/format';
import { taggedText } from '../../../lib/tagged-text';

/*
 * What the Licence Ouverte asks of an imported activity's page (docs/datatourisme.md#attribution):
 * its source with its author and last update, the photo's credits, and which texts a translation
 * service wrote.
 */

const external = { target: '_blank', rel: 'noopener noreferrer' } as const;

function ExternalLink({ href, children }: { href: string; children?: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <a href={href} {...external} className="underline hover:text-terracotta-700">
      {children}
      <span className="sr-only"> ({t('a11y.newTab')})</span>
    </a>
  );
}

/** "Bron: <author>, via DATAtourisme, bijgewerkt <day>", and the licence, both linked. */
export function SourceAttribution({ source }: { source: ActivitySource }) {
  const { t } = useTranslation('detail');
  const language = useLanguage();
  const key = `source.${source.creator ? 'byCreator' : 'platform'}${source.updatedAt ? 'Updated' : ''}` as const;
  const date = source.updatedAt ? formatDayRange(source.updatedAt, source.updatedAt, language) : '';
  return (
    <p className="text-sm text-ink-500">
      {taggedText(t(key, { date }), {
        // The author's name is the source's text: an element of its own, never parsed as markup.
        creator: () => <span>{source.creator}</span>,
        platform: (inner) => <ExternalLink href={DATATOURISME.url}>{inner}</ExternalLink>,
      })}{' '}
      {taggedText(t('source.licence', { licence: OPEN_LICENCE.name }), {
        licence: (inner) => <ExternalLink href={OPEN_LICENCE.url}>{inner}</ExternalLink>,
      })}
    </p>
  );
}

/** "Foto: © <credits> · <licence>" under an imported photo; nothing when the source gave neither. */
export function PhotoCredits({ source }: { source: ActivitySource | null | undefined }) {
  const { t } = useTranslation('detail');
  if (!source || (!source.photoCredits && !source.photoLicence)) return null;
  const credit = [source.photoCredits ? `© ${source.photoCredits}` : null, source.photoLicence]
    .filter(Boolean)
    .join(' · ');
  return <p className="mt-2 text-right text-xs text-ink-500">{t('source.photo', { credit })}</p>;
}

/**
 * Whether the text of `field` as shown was written by a translation service: the language it is
 * shown in (the page's, or English or the original standing in) is one the source says was.
 */
export function isMachineTranslated(
  activity: { languages?: TextLanguages; source?: ActivitySource | null },
  field: MachineTranslatedField,
): boolean {
  const shownIn = activity.languages?.[field];
  if (!shownIn || !activity.source) return false;
  return activity.source.machineTranslated.some((pair) => pair.field === field && pair.language === shownIn);
}

/** The discreet note beside a text a translation service wrote; nothing for any other. */
export function MachineTranslatedNote({
  activity,
  field,
  className = '',
}: {
  activity: { languages?: TextLanguages; source?: ActivitySource | null };
  field: MachineTranslatedField;
  className?: string;
}) {
  const { t } = useTranslation('detail');
  if (!isMachineTranslated(activity, field)) return null;
  return <p className={`text-xs italic text-ink-500 ${className}`}>{t('source.machineTranslated')}</p>;
}
