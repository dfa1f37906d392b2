import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { execaSpawner } from './execaSpawner';
import { posixSpawner, type SpawnedCli, type Spawner } from './spawnCli';

const dir = mkdtempSync(join(tmpdir(), 'spawn-cli-'));
const script = (name: string, body: string, mode = 0o755) => {
  const file = join(dir, name);
  writeFileSync(file, `#!/bin/sh\n${body}\n`);
  chmodSync(file, mode);
  return file;
};
const env = { PATH: process.env.PATH ?? '/usr/bin:/bin' };

/** What a run shows runCli: both streams and the exit (the leader's own exit: see the last test). */
async function observe(child: SpawnedCli) {
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  child.stdout.on('data', (c: Buffer) => out.push(c));
  child.stderr.on('data', (c: Buffer) => err.push(c));
  const exit = await child.exited;
  return { stdout: Buffer.concat(out).toString(), stderr: Buffer.concat(err).toString(), exit };
}

const cases: [string, (s: Spawner) => Promise<unknown>][] = [
  [
    'echoes its stdin and argv, and exits with its code',
    (s) =>
      observe(
        s(script('echo.sh', 'printf "%s|" "$@"; cat; echo oops >&2; exit 3'), ['a b', '', '"q"'], {
          env,
          input: 'the prompt\n',
        }),
      ),
  ],
  [
    'runs with exactly the environment and folder given',
    (s) =>
      observe(
        s(script('env.sh', 'echo "$PUFFIN_X/${HOME:-no home}/$(pwd)"'), [], {
          env: { ...env, PUFFIN_X: 'x' },
          cwd: dir,
          input: '',
        }),
      ),
  ],
  [
    'leads a process group of its own',
    (s) =>
      observe(
        s(
          script('group.sh', '[ "$(ps -o pgid= -p $$ | tr -d " ")" = "$$" ] && echo own || echo shared'),
          [],
          {
            env,
            input: '',
          },
        ),
      ),
  ],
  [
    'reports a signal that ended it',
    (s) => observe(s(script('killed.sh', 'kill -TERM $$; sleep 5'), [], { env, input: '' })),
  ],
  [
    'does not mind a CLI that exits before reading a large prompt',
    (s) => observe(s(script('deaf.sh', 'exit 0'), [], { env, input: 'x'.repeat(4 << 20) })),
  ],
  ['reports a missing file', (s) => observe(s(join(dir, 'missing'), [], { env, input: 'p' }))],
  [
    'reports a file it may not run',
    (s) => observe(s(script('private.sh', 'exit 0', 0o644), [], { env, input: 'p' })),
  ],
  [
    'reports an argv over the system limit',
    (s) => observe(s(script('big.sh', 'exit 0'), ['y'.repeat(8 << 20)], { env, input: 'p' })),
  ],
];

describe.skipIf(process.platform === 'win32')('posixSpawner', () => {
  it.each(cases)('%s, as execa did', async (_what, run) => {
    const [ours, execa] = [await run(posixSpawner), await run(execaSpawner)];
    expect(ours).toEqual(execa);
  });

  it('answers what execa answered, which the comparison rests on', async () => {
    const echo = (await cases[0]![1](posixSpawner)) as Awaited<ReturnType<typeof observe>>;
    expect(echo).toMatchObject({
      stdout: 'a b||"q"|the prompt\n',
      stderr: 'oops\n',
      exit: { exitCode: 3, signal: null },
    });
    expect(await cases[2]![1](posixSpawner)).toMatchObject({ stdout: 'own\n' });
    expect(await cases[3]![1](posixSpawner)).toMatchObject({ exit: { exitCode: null, signal: 'SIGTERM' } });
    expect(await cases[5]![1](posixSpawner)).toMatchObject({ exit: { errorCode: 'ENOENT' } });
    expect(await cases[6]![1](posixSpawner)).toMatchObject({ exit: { errorCode: 'EACCES' } });
    expect(await cases[7]![1](posixSpawner)).toMatchObject({ exit: { errorCode: 'E2BIG' } });
  });

  it("settles the leader's own exit too, also when it never started (execa's never settled then)", async () => {
    const ran = posixSpawner(script('three.sh', 'exit 3'), [], { env, input: '' });
    ran.stdout.resume();
    ran.stderr.resume();
    expect(await ran.processExited).toEqual({ exitCode: 3, signal: null });
    for (const args of [[], ['y'.repeat(8 << 20)]]) {
      const failed = posixSpawner(join(dir, args.length ? 'big.sh' : 'missing'), args, { env, input: '' });
      expect(await failed.processExited).toEqual({ exitCode: null, signal: null });
    }
  });
});
