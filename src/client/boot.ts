/**
 * The one script a rendered page asks for at once (docs/rendering.md#paint-first): it loads the
 * app once the browser has painted the page the server sent. The app's modules are listed in the
 * head (`<meta name="app-module">`, the entry first); asked for together with the page's styles
 * they would share a slow connection with them and delay the first paint.
 */
const modules = Array.from(
  document.querySelectorAll<HTMLMetaElement>('meta[name="app-module"]'),
  (meta) => meta.content,
);

let started = false;
function load() {
  if (started) return;
  started = true;
  for (const href of modules.slice(1)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  const [entry] = modules;
  if (entry) void import(/* @vite-ignore */ entry);
}

// Two frames: the first paints the page, the second comes once it is on screen. A page opened in
// the background gets no frames until it is shown: it loads at once instead.
if (document.visibilityState === 'hidden') load();
else requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(load, 0)));
