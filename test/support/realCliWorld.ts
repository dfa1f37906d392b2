// The one setup for every test that runs the real Claude Code CLI (vitest suites and the browser e2e alike): a
// loopback mock of the Messages API, an empty HOME, a temporary project and user-data folder, and the hermetic
// environment that points the CLI (and Puffin, through PUFFIN_CLAUDE_PATH) at the mock. It holds one of the test
// file's CLI slots while open, and bounds waits by progress (see stallGuard.ts).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { cliSlots } from './cliSlots';
import { startMockMessagesApi, type MockMessagesApi, type MockMessagesApiOptions } from './mockMessagesApi';
import { claudeExecutable, cliEnv, makeTempHome, notLoggedInEnv, type CliBuildName } from './realCli';
import { untilStalled } from './stallGuard';

export interface RealCliWorldOptions extends Pick<
  MockMessagesApiOptions,
  'script' | 'respond' | 'whenExhausted'
> {
  /** Which CLI build (default the current one). */
  which?: CliBuildName;
  /** `none`: no API key and an empty HOME, so the CLI is not logged in (default: an API key for the mock). */
  auth?: 'api-key' | 'none';
  /** CLAUDE_CODE_MAX_RETRIES for the CLI (default 0: a scripted error surfaces at once). */
  cliMaxRetries?: number;
  /** Files written into the project (path relative to it → content). */
  projectFiles?: Record<string, string>;
  /** Part of the temporary folder's name, to tell worlds apart when one is left behind. */
  name?: string;
}

export interface RealCliWorld {
  mock: MockMessagesApi;
  /** The CLI's HOME (empty at start). */
  home: string;
  /** The world's temporary folder, holding `project` and `userData`. */
  dir: string;
  /** An existing, otherwise empty project folder (plus `projectFiles`). */
  project: string;
  /** Puffin's user-data folder (created by Puffin). */
  userData: string;
  /** The `claude` to run: the native binary or a shim. */
  claudePath: string;
  /** The complete environment (spawn without merging process.env): the CLI's, PUFFIN_CLAUDE_PATH, PUFFIN_USER_DATA. */
  env: Record<string, string>;
  /** Marks progress the mock cannot see (a CLI line, a service event), for `guard`. */
  touch(): void;
  /** A count that grows while this world's CLI work moves: requests at the mock plus `touch`es. */
  progress(): number;
  /** `work`, failed with a StallError once neither the mock nor `touch` saw progress for the stall window. */
  guard<T>(work: Promise<T>, what: string): Promise<T>;
  /** Frees everything, the CLI slot last; a second call waits for the first. */
  close(): Promise<void>;
}

/** Writes files into a folder, creating their folders. */
export function writeProjectFiles(project: string, files: Record<string, string>): void {
  for (const [rel, content] of Object.entries(files)) {
    mkdirSync(dirname(join(project, rel)), { recursive: true });
    writeFileSync(join(project, rel), content);
  }
}

async function runAll(closers: (() => unknown)[]): Promise<void> {
  for (const close of closers.splice(0).reverse()) await close();
}

/** The worlds open in this test file, whose progress tells a slot wait from a deadlock. */
const openWorlds = new Set<RealCliWorld>();
const fileProgress = (): number => [...openWorlds].reduce((sum, w) => sum + w.progress(), 0);

/**
 * A CLI slot of this file. Waiting is bounded like any other wait: while the worlds holding the slots move, it waits;
 * when none moved for the stall window (e.g. one test holds every slot and opens another world) it fails.
 */
async function takeSlot(): Promise<() => void> {
  const granted = cliSlots.take();
  try {
    return await untilStalled(granted, fileProgress, 'waiting for a CLI slot of this test file');
  } catch (error) {
    void granted.then((release) => release()); // a slot granted after the failure goes straight back
    throw error;
  }
}

export async function startRealCliWorld(options: RealCliWorldOptions = {}): Promise<RealCliWorld> {
  const closers: (() => unknown)[] = [await takeSlot()];
  try {
    const mock = await startMockMessagesApi({
      script: options.script ?? [],
      ...(options.respond ? { respond: options.respond } : {}),
      ...(options.whenExhausted ? { whenExhausted: options.whenExhausted } : {}),
    });
    closers.push(() => mock.close());
    const home = makeTempHome();
    closers.push(home.cleanup);
    const dir = mkdtempSync(join(tmpdir(), `puffin-${options.name ?? 'real-cli'}-`));
    closers.push(() => rmSync(dir, { recursive: true, force: true }));
    const project = join(dir, 'project');
    const userData = join(dir, 'user-data');
    mkdirSync(project);
    writeProjectFiles(project, options.projectFiles ?? {});
    const claudePath = claudeExecutable(options.which ?? 'current');
    const cliVars =
      options.auth === 'none'
        ? notLoggedInEnv(home.dir, mock.url)
        : cliEnv(mock.url, home.dir, { maxRetries: options.cliMaxRetries ?? 0 });
    let touches = 0;
    let closing: Promise<void> | undefined;
    const progress = () => mock.requests.length + touches;
    const world: RealCliWorld = {
      mock,
      home: home.dir,
      dir,
      project,
      userData,
      claudePath,
      env: { ...cliVars, PUFFIN_CLAUDE_PATH: claudePath, PUFFIN_USER_DATA: userData },
      touch: () => void touches++,
      progress,
      guard: (work, what) => untilStalled(work, progress, what),
      close: () => (closing ??= runAll(closers)),
    };
    openWorlds.add(world);
    closers.push(() => openWorlds.delete(world));
    return world;
  } catch (error) {
    await runAll(closers);
    throw error;
  }
}
