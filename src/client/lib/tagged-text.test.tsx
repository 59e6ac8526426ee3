import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { taggedText } from './tagged-text';

const html = (text: string, parts: Parameters<typeof taggedText>[1]) =>
  render(<p>{taggedText(text, parts)}</p>).container.innerHTML;

describe('taggedText', () => {
  it('draws each tag with its part, the text around it as text', () => {
    expect(
      html('Bron: <creator/>, via <platform>DATAtourisme</platform>, bijgewerkt 1 oktober.', {
        creator: () => <b>Office</b>,
        platform: (inner) => <a href="https://example.org">{inner}</a>,
      }),
    ).toBe('<p>Bron: <b>Office</b>, via <a href="https://example.org">DATAtourisme</a>, bijgewerkt 1 oktober.</p>');
  });

  it('shows the text of a tag no part draws, and markup in a part stays text', () => {
    expect(html('a <x>b</x> c', {})).toBe('<p>a b c</p>');
    expect(html('<who/>', { who: () => '<script>alert(1)</script>' })).toBe(
      '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>',
    );
    expect(html('no tags at all', {})).toBe('<p>no tags at all</p>');
  });
});
