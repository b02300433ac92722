import { createDeflateRaw } from 'node:zlib';

/**
 * A zip (an .xlsx to the importer) with one deflated entry of `realBytes` zeros that declares an
 * uncompressed size of `declaredBytes`: the kind of upload that unpacks to far more than it says.
 * Built in chunks, so the test never holds the unpacked bytes itself. For the tests of the
 * importer (src/server/import/spreadsheet.test.ts, tests/api); nothing in the app imports it.
 */
export async function lyingZip(
  realBytes: number,
  declaredBytes = 1024,
  name = 'xl/worksheets/sheet1.xml',
): Promise<Buffer> {
  const deflate = createDeflateRaw({ level: 9 });
  const parts: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => parts.push(chunk));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  const chunk = Buffer.alloc(1024 * 1024);
  for (let written = 0; written < realBytes; written += chunk.length) {
    const piece = chunk.subarray(0, Math.min(chunk.length, realBytes - written));
    if (!deflate.write(piece)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await done;
  const data = Buffer.concat(parts);
  const fileName = Buffer.from(name);

  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8); // deflate
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(declaredBytes, 22);
  local.writeUInt16LE(fileName.length, 26);

  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(declaredBytes, 24);
  central.writeUInt16LE(fileName.length, 28);
  central.writeUInt32LE(0, 42);

  const directoryOffset = local.length + fileName.length + data.length;
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(1, 8);
  eocd.writeUInt16LE(1, 10);
  eocd.writeUInt32LE(central.length + fileName.length, 12);
  eocd.writeUInt32LE(directoryOffset, 16);
  return Buffer.concat([local, fileName, data, central, fileName, eocd]);
}
