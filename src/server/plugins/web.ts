import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendApiNotFound } from './errors.js';

/**
 * Serves the built React app from dist/web: hashed assets with a long cache, and index.html for
 * every other GET so client-side routes (and the Not-found page) work on reload.
 */
export async function registerWeb(app: FastifyInstance, webDir: string | null) {
  const indexFile = webDir ? path.join(webDir, 'index.html') : null;
  const indexHtml = indexFile && existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null;
  // The customer's quote page has its own small bundle (decision 018).
  const quoteFile = webDir ? path.join(webDir, 'quote-confirm.html') : null;
  const quoteHtml = quoteFile && existsSync(quoteFile) ? readFileSync(quoteFile, 'utf8') : null;

  if (webDir && indexHtml) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    if (url.startsWith('/api/') || url === '/api') return sendApiNotFound(reply, request.method, url);
    if ((request.method === 'GET' || request.method === 'HEAD') && quoteHtml && (url === '/quote/confirm' || url.startsWith('/quote/confirm/') || url.startsWith('/quote/confirm?'))) {
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('referrer-policy', 'no-referrer').send(quoteHtml);
    }
    if ((request.method === 'GET' || request.method === 'HEAD') && indexHtml && !url.startsWith('/assets/')) {
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
    }
    return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
  });
}
