// The browser host the fuzz aims at: a real root and host in this process, over an empty renderer folder.
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRoot } from '../../../src/main/app/core';
import { LogBus } from '../../../src/main/base/logger';
import { startHost } from '../../../src/host/server';

export async function fuzzTarget() {
  const dir = await mkdtemp(join(tmpdir(), 'puffin-fuzz-'));
  await mkdir(join(dir, 'renderer'));
  // Refusals are logged as warnings: kept in memory (the log bus), not printed 10,000 times.
  const root = await createRoot({
    userDataDir: join(dir, 'user-data'),
    platform: { face: 'browser' },
    logBus: new LogBus(),
  });
  const host = await startHost({ root, rendererDir: join(dir, 'renderer') });
  return {
    port: host.port,
    token: host.token,
    async close(): Promise<void> {
      await host.close();
      await root.dispose();
      await rm(dir, { recursive: true, force: true, maxRetries: 5 });
    },
  };
}
