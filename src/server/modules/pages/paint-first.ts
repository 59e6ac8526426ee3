import { escapeHtml } from './head.js';

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)"\s*\/?>\s*/g;

/**
 * A rendered page's scripts, loaded once the browser has painted it (docs/rendering.md#paint-first):
 * the entry script and every module preload leave the head, and are listed there instead
 * (`<meta name="app-module">`, the entry first, then what the entry and the page's route import),
 * with the one small script that loads them (`boot`, src/client/boot.ts). A page without the
 * entry script is left as it is.
 */
export function paintFirst(html: string, routeModules: string[], boot: string): string {
  const entry = ENTRY_SCRIPT.exec(html)?.[1];
  if (entry === undefined) return html;
  const modules = [entry];
  const rest = html.replace(ENTRY_SCRIPT, '').replace(MODULE_PRELOAD, (_tag, href: string) => {
    modules.push(href);
    return '';
  });
  modules.push(...routeModules.filter((href) => !modules.includes(href)));
  const listed = modules.map((href) => `<meta name="app-module" content="${escapeHtml(href)}" />`).join('\n    ');
  // A function, not a replacement string, so no `$` in a name is read as a pattern (docs/security.md).
  return rest.replace(
    '</head>',
    () => `  ${listed}\n    <script type="module" crossorigin src="${escapeHtml(boot)}"></script>\n  </head>`,
  );
}
