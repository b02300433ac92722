/**
 * V8's explicit compile hint (decision 020): a chunk that starts with this comment has all its
 * functions compiled eagerly, on a background thread while the file streams in, instead of one by
 * one on the main thread the first time each is called. On a repeat visit of / under the tablet's
 * 4x CPU slowdown, lazy compiling on the main thread was ~210 ms of the ~1.3 s to the largest paint.
 *
 * Why not the code cache: Chromium keeps compiled code for scripts a service worker stores while
 * installing, but it compiles them as classic scripts, and our chunks are ES modules (a syntax error
 * there), so a repeat visit still compiles everything; the code cache helps from the third visit on.
 * Browsers without the hint see a comment.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * Rolldown's `postBanner` (after minification, which would drop a comment): every chunk of the
 * build. They are the app's own code and the libraries it calls while drawing a screen (React,
 * the router, the query cache, the schemas), so nearly every function is called soon after loading.
 */
export function compileHintBanner(chunk: { fileName: string }): string {
  return chunk.fileName.endsWith('.js') ? COMPILE_HINT : '';
}
