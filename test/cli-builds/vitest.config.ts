// Only the CLI builds probe (scripts/cli-builds.mjs runs it once per build with PUFFIN_CLI_BUILD set).
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: fileURLToPath(new URL('../..', import.meta.url)),
    name: 'cli-builds',
    environment: 'node',
    include: ['test/cli-builds/**/*.probe.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    globalSetup: ['test/support/scratchRoot.ts'],
  },
});
