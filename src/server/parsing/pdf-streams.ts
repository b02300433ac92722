/**
 * The inflated size of a PDF's FlateDecode streams, measured before any PDF reader opens the
 * file. pdf-lib inflates object streams and cross-reference streams while it parses (in
 * JavaScript, into memory), so a 2 MB file whose object stream holds 2 GiB of zeros used to hold
 * the process for tens of seconds and gigabytes; content streams it copies as they are, but a
 * template's pages go out to customers in every quote. Native zlib counts the bytes here, in
 * 64 KB chunks that are dropped at once, and stops at the budget.
 */
import { createInflate, inflateSync } from 'node:zlib';

/** All FlateDecode streams of one PDF together; a scanned 10 MB template stays far below. */
export const MAX_PDF_INFLATED_BYTES = 256 * 1024 * 1024;
/** One object or cross-reference stream (what pdf-lib inflates itself); real ones are kilobytes. */
export const MAX_PDF_OBJECT_STREAM_BYTES = 32 * 1024 * 1024;

export type PdfStreamVerdict =
  { ok: true; inflatedBytes: number } | { ok: false; reason: 'too-large' | 'unsupported-filter' };

const SMALL_STREAM = 1024 * 1024;

/** The bytes `data` inflates to, counted up to `budget` (budget + 1 means "over"); a damaged stream counts what it gave. */
function inflatedLength(data: Uint8Array, budget: number): Promise<number> {
  // Most streams are small: inflate them at once with a hard cap on the output.
  try {
    return Promise.resolve(inflateSync(data, { maxOutputLength: Math.min(budget + 1, SMALL_STREAM) }).length);
  } catch {
    // Larger than SMALL_STREAM, or damaged: count it in a stream.
  }
  return new Promise((resolve) => {
    const inflate = createInflate({ chunkSize: 64 * 1024 });
    let size = 0;
    let settled = false;
    const finish = () => {
      if (settled) return;
      settled = true;
      resolve(size);
    };
    inflate.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > budget) {
        inflate.destroy();
        finish();
      }
    });
    inflate.on('end', finish);
    inflate.on('error', finish);
    inflate.on('close', finish);
    inflate.end(data);
  });
}

const latin1 = (bytes: Uint8Array, from: number, to: number) =>
  Buffer.from(bytes.buffer, bytes.byteOffset + from, to - from).toString('latin1');

/**
 * Walks every `stream ... endstream` of the file (the dictionary is read back to its object's
 * `obj` keyword; no cross-reference table is trusted) and adds up what the FlateDecode ones inflate to. Object and cross-reference
 * streams must be unfiltered or FlateDecode alone (other filters, which a reader would decode in
 * JavaScript without limit, are refused), each within MAX_PDF_OBJECT_STREAM_BYTES.
 */
export async function checkPdfStreams(
  bytes: Uint8Array,
  limits = { total: MAX_PDF_INFLATED_BYTES, objectStream: MAX_PDF_OBJECT_STREAM_BYTES },
): Promise<PdfStreamVerdict> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let total = 0;
  let position = 0;
  for (;;) {
    const keyword = buffer.indexOf('stream', position, 'latin1');
    if (keyword < 0) break;
    position = keyword + 6;
    // "endstream", or the word inside some text: a stream starts after a dictionary's ">>" (then
    // whitespace or comments), as a reader sees it.
    if (keyword >= 3 && latin1(buffer, keyword - 3, keyword) === 'end') continue;
    // (A gap too long to read back is taken as a stream: counting too much is the safe side.)
    const dictionaryEnd = buffer.lastIndexOf('>>', keyword, 'latin1');
    if (dictionaryEnd < 0) continue;
    if (
      keyword - dictionaryEnd <= 64 * 1024 &&
      latin1(buffer, dictionaryEnd + 2, keyword)
        .replace(/%[^\r\n]*/g, '')
        .trim() !== ''
    )
      continue;
    let start = keyword + 6;
    if (buffer[start] === 0x0d) start++;
    if (buffer[start] === 0x0a) start++;
    const objectStart = buffer.lastIndexOf(' obj', keyword, 'latin1');
    // Names may spell characters as #xx (/Obj#53tm is /ObjStm to a reader).
    const dictionary = latin1(buffer, Math.max(0, objectStart, keyword - 64 * 1024), keyword).replace(
      /#([0-9a-fA-F]{2})/g,
      (_, hex: string) => String.fromCharCode(parseInt(hex, 16)),
    );
    // The data: up to "endstream" or as long as a direct /Length says, whichever is longer (a
    // reader may take either; inflating stops at the end of the deflate data anyway).
    const endKeyword = buffer.indexOf('endstream', start, 'latin1');
    const declared = Number(/\/Length\s+(\d+)(?![\d\s]*R)/.exec(dictionary)?.[1] ?? 0);
    const end = Math.min(buffer.length, Math.max(endKeyword < 0 ? buffer.length : endKeyword, start + declared));
    // The next stream is looked for right after this keyword, not after the data: text that only
    // looks like a stream start must not hide a real one.
    position = start;

    const filter = /\/Filter\s*(\[[^\]]*\]|\/[A-Za-z0-9]+)/.exec(dictionary)?.[1] ?? null;
    const filters = filter ? filter.replace(/[[\]]/g, ' ').trim().split(/\s+/).filter(Boolean) : [];
    const decodedByReader = /\/Type\s*\/(ObjStm|XRef)\b/.test(dictionary);
    if (
      decodedByReader &&
      !(filters.length === 0 || (filters.length === 1 && (filters[0] === '/FlateDecode' || filters[0] === '/Fl')))
    ) {
      return { ok: false, reason: 'unsupported-filter' };
    }
    if (filters[0] !== '/FlateDecode' && filters[0] !== '/Fl') continue;
    const budget = Math.min(limits.total - total, decodedByReader ? limits.objectStream : limits.total);
    const size = await inflatedLength(buffer.subarray(start, end), budget);
    if (size > budget) return { ok: false, reason: 'too-large' };
    total += size;
  }
  return { ok: true, inflatedBytes: total };
}
