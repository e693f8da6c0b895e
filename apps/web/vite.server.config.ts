import { defineConfig } from 'vite';
import client from './vite.config.ts';

/**
 * The server's first screen (src/app/server-render.tsx), built for Node into dist-server/ and run by
 * the server (apps/server/src/modules/web/server-render.ts). Everything is bundled: antd-mobile
 * imports CSS files that Node cannot, and the app's modules (i18next, the session store) must be the
 * bundle's own. Nothing of it reaches a phone: no compressed copies, no public files.
 */
export default defineConfig({
  base: client.base,
  resolve: client.resolve,
  publicDir: false,
  ssr: { noExternal: true },
  build: {
    ssr: 'src/app/server-render.tsx',
    outDir: 'dist-server',
    emptyOutDir: true,
    target: 'node20',
    reportCompressedSize: false,
    rolldownOptions: client.build?.rolldownOptions?.onLog ? { onLog: client.build.rolldownOptions.onLog } : {},
  },
});
