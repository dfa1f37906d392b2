import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { LocatedCli } from '../locateCli';
import type { RunGuard } from '../runWatchdog';
import { createCapabilityProbe } from './probeCapabilities';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A `claude` that is a shell script: `body` runs for every flag. */
function fakeCli(body: string): LocatedCli {
  const dir = mkdtempSync(path.join(tmpdir(), 'puffin-probe-'));
  dirs.push(dir);
  const file = path.join(dir, 'claude');
  writeFileSync(file, `#!/bin/sh\n${body}\n`);
  chmodSync(file, 0o755);
  return { path: file, source: 'path', command: file, argsPrefix: [] };
}

function recordingGuard() {
  const live = new Map<string, number | undefined>();
  const seen: (number | undefined)[] = [];
  const guard: RunGuard = {
    track(runId, pgid) {
      live.set(runId, pgid);
      seen.push(pgid);
      return () => live.delete(runId);
    },
  };
  return { guard, live, seen };
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe.skipIf(process.platform === 'win32')('the capability probe', () => {
  it('reads at most its bound of a --help that never stops printing', async () => {
    const cli = fakeCli(
      'if [ "$1" = "--version" ]; then echo "2.1.330 (Claude Code)"; exit 0; fi\nyes "--tools <tools> padding"',
    );
    const { guard, live, seen } = recordingGuard();
    const before = process.memoryUsage().rss;
    const caps = await createCapabilityProbe(guard)(cli, { PATH: process.env.PATH });
    expect(caps).toBeDefined();
    // Unbounded, the probe read until execa's own 100 MB limit.
    expect(process.memoryUsage().rss - before).toBeLessThan(40 * 1024 * 1024);
    // Both probes ran under the watchdog, and both were forgotten when they ended.
    expect(seen).toHaveLength(2);
    expect(seen.every((pgid) => typeof pgid === 'number')).toBe(true);
    expect(live.size).toBe(0);
  });

  it('leaves nothing of the probe running, not even a child in its process group', async () => {
    const cli = fakeCli('sleep 300 &\necho $! > "$(dirname "$0")/child.pid"\necho "2.1.330 (Claude Code)"');
    const { guard } = recordingGuard();
    await createCapabilityProbe(guard)(cli, { PATH: process.env.PATH });
    const child = Number(readFileSync(path.join(path.dirname(cli.path), 'child.pid'), 'utf8'));
    expect(child).toBeGreaterThan(0);
    // SIGKILL is delivered before kill() returns for a process of ours; a zombie is reaped by init, not us.
    const status = alive(child) ? readFileSync(`/proc/${child}/stat`, 'utf8').split(' ')[2] : 'gone';
    expect(['gone', 'Z']).toContain(status);
  });
});
