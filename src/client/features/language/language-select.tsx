import { ChevronDown, Globe } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, NATIVE_LANGUAGE_NAMES as NATIVE_NAMES } from '../../../domain/languages';
import { useLanguage } from '../../i18n/use-language';
import { whenPageReady } from '../../lib/page-ready';

/** A native select: the best picker on phones, fully accessible, and no script to load. */
export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  const language = useLanguage();
  return (
    <div className="relative">
      <Globe
        aria-hidden
        className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-ink-600"
      />
      <select
        aria-label={t('header.language')}
        value={language}
        // Once the whole page is hydrated: a part hydrating later must find the server's language
        // (docs/rendering.md#results-later).
        onChange={(event) => {
          const chosen = event.target.value;
          void whenPageReady().then(() => i18n.changeLanguage(chosen));
        }}
        // On a phone at most 9 rem wide, with room for the longest name ("Nederlands", about 80 px).
        className="h-10 max-w-36 sm:max-w-none cursor-pointer appearance-none rounded-full border border-sand-300 bg-white pl-8 pr-7 text-sm font-medium text-ink-900 hover:bg-sand-100"
      >
        {LANGUAGES.map((lng) => (
          <option key={lng} value={lng} lang={lng}>
            {NATIVE_NAMES[lng]}
          </option>
        ))}
      </select>
      <ChevronDown
        aria-hidden
        className="pointer-events-none absolute right-2.5 top-1/2 h-4 w-4 -translate-y-1/2 text-ink-600"
      />
    </div>
  );
}
