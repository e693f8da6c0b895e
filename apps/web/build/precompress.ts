import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
const TEXT = /\.(?:js|css|html|svg|json|txt)$/;
// Below a packet's worth, the compressed copy saves nothing a person would notice.
const MIN_BYTES = 1024;

/**
 * Writes a Brotli and a gzip copy beside every text file of the build (x.js.br, x.js.gz). The
 * server's static files plugin runs with `preCompressed`, so it answers those copies to phones that
 * accept them; without them it sent every script uncompressed: 311 KB for the entry instead of
 * about 100, seconds on a slow 3G connection.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'padhub-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const files = Object.keys(bundle).filter((name) => TEXT.test(name) && !name.startsWith('.vite/'));
      await Promise.all(
        files.map(async (name) => {
          const file = path.join(outDir, name);
          const bytes = await readFile(file);
          if (bytes.length < MIN_BYTES) return;
          const [br, gzipped] = await Promise.all([
            brotli(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
            gz(bytes, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
        }),
      );
    },
  };
}
