/**
 * The built index.html as Vite writes it (src/client/index.html), for the page tests: they test
 * what the server writes into it without depending on a build.
 */
export const INDEX_HTML = `<!doctype html>
<html lang="nl">
  <head>
    <meta charset="UTF-8" />
    <meta
      name="description"
      content="DiscoverLocal: markten, feesten, sport, uitzichten en uitjes in en rond Limoux."
    />
    <title>DiscoverLocal · Limoux</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;
