import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';

export type ContentEncoding = 'br' | 'gzip';

/**
 * The encoding to answer with, from the request's Accept-Encoding: brotli, else gzip, else none.
 * A coding given `q=0` is refused; `*` stands for every coding not named.
 */
export function negotiateEncoding(header: string | string[] | undefined): ContentEncoding | null {
  if (!header) return null;
  const weights = new Map<string, number>();
  for (const part of (Array.isArray(header) ? header.join(',') : header).split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    const weight = q === undefined ? 1 : Number(q);
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (coding: string) =>
    weights.get(coding) ?? (coding === 'gzip' ? weights.get('x-gzip') : undefined) ?? weights.get('*') ?? 0;
  const br = weightOf('br');
  const gzip = weightOf('gzip');
  if (br > 0 && br >= gzip) return 'br';
  if (gzip > 0) return 'gzip';
  return null;
}

/** Adds Accept-Encoding to the Vary header, keeping what is there. */
export function varyOnAcceptEncoding(reply: FastifyReply): void {
  const current = reply.getHeader('vary');
  const value = Array.isArray(current) ? current.join(', ') : current === undefined ? '' : String(current);
  const tokens = value.split(',').map((t) => t.trim().toLowerCase());
  if (tokens.includes('accept-encoding') || tokens.includes('*')) return;
  reply.header('vary', value ? `${value}, Accept-Encoding` : 'Accept-Encoding');
}

export interface ApiCompressionOptions {
  /** Answers smaller than this go out as they are: the bytes saved would not pay for the work. */
  thresholdBytes: number;
  /** Brotli quality (0-11) and gzip level (1-9) for answers written on the fly. */
  brotliQuality: number;
  gzipLevel: number;
}

/**
 * The choice measured in decision 020: brotli at quality 2 costs about what gzip level 1 does
 * and writes smaller answers than gzip 6; a page of 25 companies (8 KB) leaves as about 2.4 KB.
 */
export const API_COMPRESSION: ApiCompressionOptions = { thresholdBytes: 1024, brotliQuality: 2, gzipLevel: 1 };

/** Compresses a body with the given coding at the on-the-fly settings. */
export function compressBody(
  body: string | Buffer,
  encoding: ContentEncoding,
  options: ApiCompressionOptions = API_COMPRESSION,
): Buffer {
  const size = Buffer.byteLength(body);
  return encoding === 'br'
    ? brotliCompressSync(body, {
        params: {
          [zlib.BROTLI_PARAM_QUALITY]: options.brotliQuality,
          [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
          [zlib.BROTLI_PARAM_SIZE_HINT]: size,
          // A window no larger than the answer: brotli's default 4 MB window costs more to set up than a page of JSON takes to compress.
          [zlib.BROTLI_PARAM_LGWIN]: Math.max(
            zlib.BROTLI_MIN_WINDOW_BITS,
            Math.min(zlib.BROTLI_DEFAULT_WINDOW, Math.ceil(Math.log2(size + 1))),
          ),
        },
      })
    : gzipSync(body, { level: options.gzipLevel });
}

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\b/i;

/**
 * API answers (JSON, strings or buffers) of at least `thresholdBytes` are compressed when the
 * client accepts brotli or gzip, and always say `Vary: Accept-Encoding`. Streams (exports, PDFs,
 * photos) and answers that already carry a Content-Encoding go out untouched.
 */
export function registerApiCompression(app: FastifyInstance, options: ApiCompressionOptions = API_COMPRESSION): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.url.startsWith('/api/')) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (reply.hasHeader('content-encoding') || !JSON_TYPE.test(String(reply.getHeader('content-type') ?? '')))
      return payload;
    if (Buffer.byteLength(payload) < options.thresholdBytes) return payload;
    varyOnAcceptEncoding(reply);
    const encoding = negotiateEncoding(request.headers['accept-encoding']);
    if (!encoding) return payload;
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return compressBody(payload, encoding, options);
  });
}
