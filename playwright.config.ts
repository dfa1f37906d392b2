import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './e2e/support/chromium';

export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/support/globalSetup.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  reporter: process.env.PW_JSON_OUTPUT
    ? [['list'], ['json', { outputFile: process.env.PW_JSON_OUTPUT }]]
    : 'list',
  use: { trace: 'retain-on-failure' },
  projects: [
    {
      name: 'browser-host',
      testIgnore: /electron\.spec\.ts/,
      use: {
        browserName: 'chromium',
        launchOptions: {
          executablePath: chromiumPath(),
          args: CHROMIUM_ARGS,
        },
      },
    },
    { name: 'electron', testMatch: /electron\.spec\.ts/ },
  ],
});
