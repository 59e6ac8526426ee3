import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { useLanguage } from '../../i18n/use-language';
import { PAGE_STATE_ID } from '../../../domain/page-render';

/** The language and path of the page the server rendered and titled, until the first change; null when none. */
let titledByServer: string | null | undefined;

/**
 * The tab's title follows the page on every navigation in the app, as the server wrote it on the
 * first load (docs/seo.md#titles). The detail page names its activity once it is loaded. The titles'
 * table is a chunk of its own: a rendered page has its title already (docs/rendering.md#scripts).
 */
export function usePageTitle(activityName?: string) {
  const [pathname] = useLocation();
  const language = useLanguage();
  useEffect(() => {
    // The server titled the page it rendered: nothing to load until the visitor goes elsewhere.
    const page = `${language} ${pathname}`;
    if (titledByServer === undefined) titledByServer = document.getElementById(PAGE_STATE_ID) ? page : null;
    if (titledByServer === page) return;
    titledByServer = null;
    let current = true;
    void import('../../../domain/pages').then(({ pageTitle, targetOf }) => {
      if (!current) return;
      const target = targetOf(pathname);
      if (target.kind === 'activity') {
        if (activityName) document.title = pageTitle({ kind: 'activity', name: activityName }, language);
      } else document.title = pageTitle(target, language);
    });
    return () => {
      current = false;
    };
  }, [pathname, language, activityName]);
}
