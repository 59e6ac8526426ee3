import { Fragment, type ReactNode } from 'react';

const TAG = /<(\w+)\s*\/>|<(\w+)>(.*?)<\/\2>/gs;

/**
 * A translated text with elements in it (`bevat gegevens van <platform>DATAtourisme</platform>`,
 * `Bron: <creator/>, via …`): each `<name>…</name>` or `<name/>` drawn by `parts[name]` with the text
 * inside, the rest as text. react-i18next's `Trans` does this too, but weighs 3 KB more on the
 * pages' first load (the footer is on every page, docs/rendering.md). A tag no part draws shows
 * its text alone. Values put in by `t` are read with the text: text from outside (an author's
 * name) goes in as a part of its own (`<creator/>`), never as a value.
 */
export function taggedText(text: string, parts: Record<string, (inner: string) => ReactNode>): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(TAG)) {
    const index = match.index;
    if (index > last) out.push(text.slice(last, index));
    const name = match[1] ?? match[2] ?? '';
    const inner = match[3] ?? '';
    const draw = parts[name];
    out.push(<Fragment key={index}>{draw ? draw(inner) : inner}</Fragment>);
    last = index + match[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}
