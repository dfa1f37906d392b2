// The browser host as `npm run serve` runs it (src/host/main.ts), minus the built renderer: same composition root,
// created after the first answer (or by the first request that needs it), same server, same shutdown signals.
// Prints one JSON line {url, token} once it listens.
// Usage: PUFFIN_USER_DATA=<dir> node --import tsx test/chaos/support/hostDriver.ts
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { createRoot } from '../../../src/main/app/core';
import { defaultUserDataDir } from '../../../src/main/base/paths';
import { onShutdownSignal } from '../../../src/main/llm/shutdownSignals';
import { startHost } from '../../../src/host/server';
import { scratchDir } from '../../support/scratchDir';

const rendererDir = scratchDir('puffin-chaos-renderer-');
writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><title>chaos</title>');
const host = await startHost({
  root: () => createRoot({ userDataDir: defaultUserDataDir(), platform: { face: 'browser' } }),
  rendererDir,
});
process.stdout.write(`${JSON.stringify({ url: host.url, token: host.token })}\n`);

let stopping = false;
onShutdownSignal((signal) => {
  if (stopping) return;
  stopping = true;
  void host.root().then(
    async (root) => {
      root.services.logBus.logger('host').info(`Stopping (${signal})`);
      await host.close();
      await root.dispose();
      process.exit(0);
    },
    () => process.exit(1),
  );
});
