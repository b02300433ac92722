/**
 * Decompression bombs for the upload tests: a small valid PDF carrying a FlateDecode stream that
 * inflates to gigabytes of zeros, built without ever holding the inflated bytes (nor compressing
 * them: a few megabytes of deflate are assembled from one repeated block).
 */
import { constants, createDeflate } from 'node:zlib';
import { PDFDocument } from 'pdf-lib';

const BLOCK = 1024 * 1024;

function adler32OfZeros(length: number): Buffer {
  // Over zeros, a stays 1 and b grows by 1 per byte.
  const b = length % 65521;
  const out = Buffer.alloc(4);
  out.writeUInt32BE(((b << 16) | 1) >>> 0);
  return out;
}

/**
 * A zlib stream of `length` zeros (a multiple of 1 MiB) at level 9. Each MiB ends with a full
 * flush (dictionary reset, byte-aligned), so every block after the first (which carries the zlib
 * header) has the same bytes: the stream is the first block, the second repeated, an empty final
 * block and the Adler-32.
 */
export async function deflatedZeros(length: number): Promise<Buffer> {
  if (length % BLOCK !== 0 || length < BLOCK) throw new Error('length must be a multiple of 1 MiB');
  const zeros = Buffer.alloc(BLOCK);
  const deflate = createDeflate({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  const block = async () => {
    deflate.write(zeros);
    await new Promise<void>((resolve) => deflate.flush(constants.Z_FULL_FLUSH, () => resolve()));
    return Buffer.concat(out.splice(0));
  };
  const first = await block();
  const repeated = await block();
  deflate.destroy();
  const blocks = length / BLOCK;
  const parts: Buffer[] = [first];
  for (let i = 1; i < blocks; i++) parts.push(repeated);
  // Final empty fixed-Huffman block (BFINAL=1, BTYPE=01, end-of-block), then the checksum.
  parts.push(Buffer.from([0x03, 0x00]), adler32OfZeros(length));
  return Buffer.concat(parts);
}

/**
 * A one-page PDF with an object stream (/Type /ObjStm, which PDF readers such as pdf-lib inflate
 * while opening the file) of `inflatedBytes` zeros. Placed right after the header, where a reader
 * that parses the body in order meets it first.
 */
export async function pdfBomb(inflatedBytes: number, kind: 'ObjStm' | 'content' = 'ObjStm'): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage([612, 792]).drawText('Quote template');
  const plain = Buffer.from(await doc.save({ useObjectStreams: false }));
  const data = await deflatedZeros(inflatedBytes);
  const dictionary =
    kind === 'ObjStm'
      ? `/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${data.length}`
      : `/Filter /FlateDecode /Length ${data.length}`;
  const object = Buffer.concat([
    Buffer.from(`900 0 obj\n<< ${dictionary} >>\nstream\n`),
    data,
    Buffer.from('\nendstream\nendobj\n'),
  ]);
  const headerEnd = plain.indexOf('\n', plain.indexOf('\n') + 1) + 1;
  return Buffer.concat([plain.subarray(0, headerEnd), object, plain.subarray(headerEnd)]);
}
