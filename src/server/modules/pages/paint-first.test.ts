import { describe, expect, it } from 'vitest';
import { paintFirst } from './paint-first.js';

describe('a rendered page painted before its scripts load', () => {
  const built = `<html><head>
    <title>t</title>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/framework-1.js">
    <link rel="modulepreload" crossorigin href="/assets/i18n-1.js">
    <link rel="stylesheet" crossorigin href="/assets/index-1.css">
  </head><body><div id="root"></div></body></html>`;

  it('asks for one small script only, and lists the entry first, then its imports, then the route', () => {
    const html = paintFirst(built, ['/assets/overview-1.js', '/assets/i18n-1.js'], '/assets/boot-1.js');
    expect(html).not.toContain('modulepreload');
    expect(html).not.toContain('src="/assets/index-1.js"');
    expect([...html.matchAll(/<script[^>]*src="([^"]+)"/g)].map((match) => match[1])).toEqual(['/assets/boot-1.js']);
    expect([...html.matchAll(/<meta name="app-module" content="([^"]+)"/g)].map((match) => match[1])).toEqual([
      '/assets/index-1.js',
      '/assets/framework-1.js',
      '/assets/i18n-1.js',
      '/assets/overview-1.js',
    ]);
    // The styles stay where they were: the first paint needs them.
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-1.css">');
    expect(html.indexOf('boot-1.js')).toBeLessThan(html.indexOf('</head>'));
  });

  it('leaves a page without the entry script as it is', () => {
    const plain = '<html><head></head><body></body></html>';
    expect(paintFirst(plain, ['/assets/overview-1.js'], '/assets/boot-1.js')).toBe(plain);
  });
});
