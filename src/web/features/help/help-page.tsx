import { Search } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { useClientConfig } from '../../lib/client-config';
import { Card, CardBody, CardHeader } from '../../ui/card';
import { PageHeader } from '../../ui/page-header';
import { HELP_ARTICLES, searchArticles, type HelpArticle } from './articles';
import type { Block, Inline } from './markdown';

/** The keyboard shortcuts the app really has (decision 040): keep in step with the components named. */
const SHORTCUTS: [keys: string, what: string][] = [
  ['Tab (first press on a page)', 'Shows "Skip to content": Enter moves past the sidebar and header'],
  ['Arrow Down / Arrow Up', 'Header search and pickers: move through the suggestions'],
  ['Home / End', 'Header search and pickers: first or last suggestion'],
  ['Enter', 'Header search and pickers: open or choose the highlighted suggestion'],
  ['Escape', 'Header search and pickers: close the suggestions (again: clear the box); dialogs: close'],
  ['Escape (while dragging)', 'Dispatch board: cancel moving a job'],
  ['Arrow keys, Home / End', 'Maps: move between the markers'],
  ['Enter or comma', 'Tags box: add the typed tag; Backspace in the empty box removes the last one'],
];

function InlineText({ inlines }: { inlines: Inline[] }) {
  return (
    <>
      {inlines.map((part, i) =>
        part.bold ? (
          <strong key={i} className="font-semibold text-slate-900">
            {part.text}
          </strong>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}

function BlockView({ block }: { block: Block }): ReactNode {
  switch (block.kind) {
    case 'heading':
      return block.level <= 2 ? (
        <h3 className="mt-4 text-base font-semibold text-slate-900">{block.text}</h3>
      ) : (
        <h4 className="mt-3 text-sm font-semibold text-slate-900">{block.text}</h4>
      );
    case 'paragraph':
      return (
        <p className="mt-2">
          <InlineText inlines={block.inlines} />
        </p>
      );
    case 'list': {
      const List = block.ordered ? 'ol' : 'ul';
      return (
        <List className={`mt-2 space-y-1 pl-6 ${block.ordered ? 'list-decimal' : 'list-disc'}`}>
          {block.items.map((item, i) => (
            <li key={i}>
              <InlineText inlines={item} />
            </li>
          ))}
        </List>
      );
    }
  }
}

function ArticleView({ article }: { article: HelpArticle }) {
  return (
    <article id={article.slug} aria-labelledby={`${article.slug}-title`} className="scroll-mt-20" tabIndex={-1}>
      <Card>
        <CardBody className="text-sm leading-6 text-slate-700">
          <h2 id={`${article.slug}-title`} className="text-lg font-semibold text-slate-900">
            {article.title}
          </h2>
          {article.blocks.map((block, i) => (
            <BlockView key={i} block={block} />
          ))}
        </CardBody>
      </Card>
    </article>
  );
}

/** /help: how-to articles (Markdown in the repository), searchable; keyboard shortcuts; version; API docs. */
export default function HelpPage() {
  const [query, setQuery] = useState('');
  const searchId = useId();
  const config = useClientConfig();
  const found = searchArticles(HELP_ARTICLES, query);
  const open = (slug: string) => {
    const target = document.getElementById(slug);
    target?.scrollIntoView({ block: 'start' });
    target?.focus({ preventScroll: true });
  };

  return (
    <div className="space-y-6">
      <PageHeader screen="/help" />
      <div className="grid gap-6 lg:grid-cols-[16rem_1fr]">
        <div className="space-y-4">
          <div role="search">
            <label htmlFor={searchId} className="mb-1 block text-sm font-medium text-slate-700">
              Search help
            </label>
            <div className="relative">
              <Search className="pointer-events-none absolute top-2.5 left-3 h-4 w-4 text-slate-500" aria-hidden />
              <input
                id={searchId}
                type="search"
                value={query}
                onChange={(e) => setQuery(e.target.value)}
                placeholder="e.g. send quote"
                className="h-10 w-full rounded-md border border-slate-300 bg-white pr-3 pl-9 text-sm focus:border-blue-500 focus:ring-2 focus:ring-blue-500 focus:outline-none"
              />
            </div>
          </div>
          <nav aria-label="Help articles">
            <p className="sr-only" role="status">
              {found.length === 1 ? '1 article' : `${found.length} articles`}
            </p>
            <ul className="space-y-1 text-sm">
              {found.map((a) => (
                <li key={a.slug}>
                  <a
                    href={`#${a.slug}`}
                    onClick={(e) => {
                      e.preventDefault();
                      window.history.replaceState(null, '', `#${a.slug}`);
                      open(a.slug);
                    }}
                    className="block rounded-md px-2 py-2 text-blue-700 hover:bg-slate-100 hover:underline"
                  >
                    {a.title}
                  </a>
                </li>
              ))}
              <li>
                <a
                  href="#shortcuts"
                  className="block rounded-md px-2 py-2 text-blue-700 hover:bg-slate-100 hover:underline"
                >
                  Keyboard shortcuts
                </a>
              </li>
              <li>
                <a
                  href="#about"
                  className="block rounded-md px-2 py-2 text-blue-700 hover:bg-slate-100 hover:underline"
                >
                  Version and API
                </a>
              </li>
            </ul>
          </nav>
        </div>

        <div className="min-w-0 space-y-4">
          {found.length === 0 ? (
            <p className="rounded-lg border border-dashed border-slate-300 bg-white px-6 py-8 text-center text-sm text-slate-600">
              No help articles match "{query.trim()}".
            </p>
          ) : (
            found.map((a) => <ArticleView key={a.slug} article={a} />)
          )}

          <section id="shortcuts" aria-labelledby="shortcuts-title" className="scroll-mt-20">
            <Card>
              <CardHeader title={<span id="shortcuts-title">Keyboard shortcuts</span>} />
              <CardBody>
                <p className="mb-2 text-sm text-slate-700">
                  Every screen works with the keyboard alone: <kbd>Tab</kbd> and <kbd>Shift+Tab</kbd> move between
                  controls, <kbd>Enter</kbd> or <kbd>Space</kbd> presses a button.
                </p>
                <table className="w-full text-left text-sm">
                  <thead className="text-xs text-slate-600">
                    <tr>
                      <th scope="col" className="py-1 pr-4">
                        Keys
                      </th>
                      <th scope="col" className="py-1">
                        What they do
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-100">
                    {SHORTCUTS.map(([keys, what]) => (
                      <tr key={keys}>
                        <th scope="row" className="py-2 pr-4 align-top font-medium whitespace-nowrap text-slate-900">
                          <kbd>{keys}</kbd>
                        </th>
                        <td className="py-2 text-slate-700">{what}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </CardBody>
            </Card>
          </section>

          <section id="about" aria-labelledby="about-title" className="scroll-mt-20">
            <Card>
              <CardHeader title={<span id="about-title">Version and API</span>} />
              <CardBody className="space-y-2 text-sm text-slate-700">
                <p>
                  Version: <span data-testid="app-version">{config.data?.version ?? '...'}</span>
                </p>
                <p>
                  <a href="/api/docs" target="_blank" rel="noopener" className="text-blue-700 underline">
                    API documentation (OpenAPI)
                  </a>{' '}
                  describes every route of the server, with the session cookie you are signed in with.
                </p>
              </CardBody>
            </Card>
          </section>
        </div>
      </div>
    </div>
  );
}
