import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
/** Text files a browser downloads; source maps are only read by developer tools. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt)$/;

/**
 * Writes a brotli (.br, quality 11) and a gzip (.gz, level 9) copy beside every text file of the
 * build, once, so the server never compresses a static file per request (decision 020). A copy that
 * is not smaller than the file is not written; the server then sends the file itself.
 */
export function precompress(): Plugin {
  return {
    name: 'hvac-precompress',
    apply: 'build',
    async writeBundle(output, bundle) {
      const dir = output.dir!;
      const files = Object.keys(bundle).filter((f) => COMPRESSIBLE.test(f) && !f.startsWith('.'));
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(dir, file);
          const raw = await readFile(full);
          const [br, gzipped] = await Promise.all([
            brotli(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
            gz(raw, { level: 9 }),
          ]);
          if (br.length < raw.length) await writeFile(`${full}.br`, br);
          if (gzipped.length < raw.length) await writeFile(`${full}.gz`, gzipped);
        }),
      );
    },
  };
}
