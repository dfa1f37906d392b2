import { configDefaults, defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: [
            'src/{main,shared,host,cli,mcp,preload}/**/*.test.ts',
            'test/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          // The renderer's test helpers (and the test of its fake client) run in the renderer's project.
          exclude: [...configDefaults.exclude, 'test/support/renderer/**'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // One folder per run for the tests' temporary folders (test/support/scratchDir.ts), removed at its end.
          globalSetup: ['test/support/scratchRoot.ts'],
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'renderer',
          environment: 'jsdom',
          include: ['src/renderer/**/*.test.{ts,tsx}', 'test/support/renderer/**/*.test.{ts,tsx}'],
        },
      },
    ],
  },
});
