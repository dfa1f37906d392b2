import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createRoot } from './core';

let userData = '';
afterEach(() => rm(userData, { recursive: true, force: true }));

describe('Root.dispose', () => {
  it('resolves only once the log file holds every warning logged before it', async () => {
    userData = await mkdtemp(join(tmpdir(), 'puffin-dispose-'));
    const root = await createRoot({ userDataDir: userData, platform: { face: 'browser' } });
    const log = root.services.logBus.logger('test');
    for (let i = 0; i < 20; i++) log.warn(`warning ${i} before dispose`);
    await root.dispose();
    const lines = (await readFile(root.services.info.logFile, 'utf8')).trim().split('\n');
    expect(lines.map((l) => (JSON.parse(l) as { message: string }).message)).toEqual(
      Array.from({ length: 20 }, (_, i) => `warning ${i} before dispose`),
    );
  });
});
