import { parseMarkdown, plainText, type Block } from './markdown';

/** The help articles: src/web/features/help/articles/*.md, in file-name order (decision 040). */
export interface HelpArticle {
  /** the file name without number and extension: "sign-in" (the #anchor) */
  slug: string;
  title: string;
  blocks: Block[];
  /** lower-case plain text of the whole article, for the search */
  searchText: string;
}

export function toArticle(fileName: string, source: string): HelpArticle {
  const slug = fileName.replace(/^.*\//, '').replace(/\.md$/, '').replace(/^\d+-/, '');
  const blocks = parseMarkdown(source);
  const first = blocks[0];
  const title = first?.kind === 'heading' ? first.text : slug;
  return {
    slug,
    title,
    blocks: first?.kind === 'heading' ? blocks.slice(1) : blocks,
    searchText: plainText(source).toLowerCase(),
  };
}

/** The articles whose title or text holds every word typed (any order, any case); all when none. */
export function searchArticles(articles: readonly HelpArticle[], query: string): HelpArticle[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return [...articles];
  return articles.filter((a) => words.every((w) => a.title.toLowerCase().includes(w) || a.searchText.includes(w)));
}

const sources = import.meta.glob<string>('./articles/*.md', { query: '?raw', import: 'default', eager: true });

export const HELP_ARTICLES: HelpArticle[] = Object.keys(sources)
  .sort()
  .map((file) => toArticle(file, sources[file]!));
