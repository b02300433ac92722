import { describe, expect, it } from 'vitest';
import { HELP_ARTICLES, searchArticles, toArticle } from './articles';
import { parseInline, parseMarkdown, plainText } from './markdown';

describe('help Markdown', () => {
  it('parses headings, paragraphs, lists and bold', () => {
    expect(parseMarkdown('# Title\n\nSome **bold** text\nwrapped.\n\n1. One\n2. Two\n\n- a\n- b')).toEqual([
      { kind: 'heading', level: 1, text: 'Title' },
      {
        kind: 'paragraph',
        inlines: [
          { text: 'Some ', bold: false },
          { text: 'bold', bold: true },
          { text: ' text wrapped.', bold: false },
        ],
      },
      { kind: 'list', ordered: true, items: [[{ text: 'One', bold: false }], [{ text: 'Two', bold: false }]] },
      { kind: 'list', ordered: false, items: [[{ text: 'a', bold: false }], [{ text: 'b', bold: false }]] },
    ]);
  });

  it('keeps HTML as text (nothing is injected)', () => {
    expect(parseInline('<img src=x onerror=alert(1)>')).toEqual([
      { text: '<img src=x onerror=alert(1)>', bold: false },
    ]);
    expect(parseInline('an **unclosed bold')).toEqual([{ text: 'an **unclosed bold', bold: false }]);
  });

  it('gives the plain text for search', () => {
    expect(plainText('# Send\n\n1. Choose **Send Quote**.')).toBe('Send Choose Send Quote.');
  });
});

describe('help articles', () => {
  it('has an article for every area, titled by its first heading', () => {
    expect(HELP_ARTICLES.map((a) => a.slug)).toEqual([
      'sign-in',
      'customers',
      'jobs',
      'dispatch',
      'inspections',
      'quotes',
      'invoices',
      'price-book',
      'settings',
    ]);
    for (const a of HELP_ARTICLES) expect(a.title).not.toBe(a.slug);
  });

  it('finds articles by every word typed, in title or text, any case', () => {
    const articles = [
      toArticle('01-a.md', '# Send a quote\n\nUse **Send Quote**.'),
      toArticle('02-b.md', '# Jobs\n\nCreate a job.'),
    ];
    expect(searchArticles(articles, '').map((a) => a.slug)).toEqual(['a', 'b']);
    expect(searchArticles(articles, 'QUOTE send').map((a) => a.slug)).toEqual(['a']);
    expect(searchArticles(articles, 'create job').map((a) => a.slug)).toEqual(['b']);
    expect(searchArticles(articles, 'nothing')).toEqual([]);
    expect(searchArticles(HELP_ARTICLES, 'send quote').map((a) => a.slug)).toContain('quotes');
  });
});
