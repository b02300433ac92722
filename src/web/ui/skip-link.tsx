import { MAIN_CONTENT_ID } from './return-focus';

/**
 * "Skip to content": the first stop of the Tab key on every page, shown only when focused; it
 * moves the focus to the main landmark (without changing the address), past the sidebar and header.
 */
export function SkipLink() {
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      className="sr-only z-50 rounded-md bg-blue-700 px-4 py-2 text-sm font-medium text-white shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:outline-2 focus:outline-offset-2 focus:outline-blue-700"
      onClick={(event) => {
        const main = document.getElementById(MAIN_CONTENT_ID);
        if (!main) return;
        event.preventDefault();
        main.focus();
        main.scrollIntoView({ block: 'start' });
      }}
    >
      Skip to content
    </a>
  );
}
