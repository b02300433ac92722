/**
 * The small Markdown subset the help articles use, parsed into blocks the page renders as React
 * elements (text is never injected as HTML, so an article cannot carry markup): `#`/`##`/`###`
 * headings, paragraphs, `-` and `1.` lists, and **bold** inside text. Anything else is plain text.
 */
export type Inline = { text: string; bold: boolean };
export type Block =
  | { kind: 'heading'; level: 1 | 2 | 3; text: string }
  | { kind: 'paragraph'; inlines: Inline[] }
  | { kind: 'list'; ordered: boolean; items: Inline[][] };

/** "**Save** it" -> bold "Save", plain " it". An unclosed ** stays as text. */
export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  const re = /\*\*(.+?)\*\*/g;
  let last = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m.index > last) out.push({ text: text.slice(last, m.index), bold: false });
    out.push({ text: m[1]!, bold: true });
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push({ text: text.slice(last), bold: false });
  return out;
}

export function parseMarkdown(source: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let list: { ordered: boolean; items: Inline[][] } | null = null;
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: 'paragraph', inlines: parseInline(paragraph.join(' ')) });
    paragraph = [];
    if (list) blocks.push({ kind: 'list', ...list });
    list = null;
  };
  for (const raw of source.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    const heading = /^(#{1,3})\s+(.*)$/.exec(line);
    const bullet = /^[-*]\s+(.*)$/.exec(line);
    const numbered = /^\d+[.)]\s+(.*)$/.exec(line);
    if (!line) flush();
    else if (heading) {
      flush();
      blocks.push({ kind: 'heading', level: heading[1]!.length as 1 | 2 | 3, text: heading[2]!.replace(/\*\*/g, '') });
    } else if (bullet || numbered) {
      const ordered = Boolean(numbered);
      if (paragraph.length || (list && list.ordered !== ordered)) flush();
      list ??= { ordered, items: [] };
      list.items.push(parseInline((bullet ?? numbered)![1]!));
    } else if (list && /^\s{2,}/.test(raw)) {
      // a continuation line of the last list item
      const items = list.items;
      items[items.length - 1] = [...items[items.length - 1]!, ...parseInline(` ${line}`)];
    } else {
      if (list) flush();
      paragraph.push(line);
    }
  }
  flush();
  return blocks;
}

/** The article's plain text (for search): the Markdown without its markers. */
export function plainText(source: string): string {
  return source
    .replace(/^#{1,3}\s+/gm, '')
    .replace(/\*\*/g, '')
    .replace(/^\s*([-*]|\d+[.)])\s+/gm, '')
    .replace(/\s+/g, ' ')
    .trim();
}
