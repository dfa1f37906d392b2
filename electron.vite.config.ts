import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
import pkg from './package.json' with { type: 'json' };

/** Bundled main has no package.json beside it, so its version is written in at build time (src/main/base/appVersion.ts). */
export const mainDefine = { __PUFFIN_VERSION__: JSON.stringify(pkg.version) };

export default defineConfig({
  main: {
    define: mainDefine,
    build: {
      rollupOptions: {
        input: {
          index: resolve('src/main/electron/index.ts'),
          // The repo map's worker thread, found beside the bundle at run time (repoMap/mapWorkerClient.ts).
          repoMapWorker: resolve('src/main/llm/grounding/repoMap/mapWorker.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      rollupOptions: {
        input: { index: resolve('src/preload/index.ts') },
        // sandboxed preloads must be CommonJS
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: 'src/renderer',
    plugins: [react()],
    build: {
      // Minified: a smaller bundle parses and compiles faster, which keeps start-up off the long-task list.
      minify: true,
      rollupOptions: { input: { index: resolve('src/renderer/index.html') } },
    },
  },
});
