// CPU time of child processes (user + sys), which a loaded machine does not inflate the way it does wall time.
// Linux only (bash's `times`, /proc).
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

export interface TimedRun {
  /** User + system CPU of the command and of every process it waited for, in ms (µs precision). */
  cpuMs: number;
  exitCode: number;
}

export interface RunSpec {
  command: string;
  args: readonly string[];
  env: NodeJS.ProcessEnv;
  cwd?: string;
  /** A file fed as stdin (default /dev/null); stdout and stderr go to these files (default /dev/null). */
  stdin?: string;
  stdout?: string;
  stderr?: string;
}

const parseTimes = (t: string): number => {
  const m = /^(\d+)m([\d.]+)s$/.exec(t);
  if (!m) throw new Error(`unexpected \`times\` output: ${t}`);
  return (Number(m[1]) * 60 + Number(m[2])) * 1000;
};

/**
 * Runs the command under bash, which reports its children's rusage (`times`: getrusage(RUSAGE_CHILDREN)). Every
 * side of a comparison goes through the same wrapper, fed and drained the same way, so the wrapper costs nothing
 * to any ratio (its own CPU is not in the children's figure). Asynchronous, so servers in this process keep
 * answering while the child runs.
 */
export function timedRun(spec: RunSpec): Promise<TimedRun> {
  const script = '"$@" <"$PUFFIN_IN" >"$PUFFIN_OUT" 2>"$PUFFIN_ERR"; c=$?; times; exit $c';
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', script, 'bash', spec.command, ...spec.args], {
      cwd: spec.cwd,
      env: {
        ...spec.env,
        PUFFIN_IN: spec.stdin ?? '/dev/null',
        PUFFIN_OUT: spec.stdout ?? '/dev/null',
        PUFFIN_ERR: spec.stderr ?? '/dev/null',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const children = out.trim().split('\n').at(-1)!.trim().split(/\s+/);
      resolve({ cpuMs: parseTimes(children[0]!) + parseTimes(children[1]!), exitCode: code ?? -1 });
    });
  });
}

/**
 * CPU a running process has used so far, in ms: the nanoseconds on CPU of each of its live threads (the first
 * field of /proc/<pid>/task/<tid>/schedstat), so finer than stat's 10 ms ticks. Threads that already ended are
 * not counted (Node's are long-lived).
 */
export function liveCpuMs(pid: number): number {
  let ns = 0;
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      ns += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return ns / 1e6;
}

/** Resident memory of a running process, in MB. */
export function residentMb(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb) / 1024;
}

export const median = (xs: readonly number[]): number =>
  [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * Runs each side `runs` times, interleaved and rotating which goes first, after one warm-up round; returns the
 * samples of each side in order.
 */
export async function interleaved<K extends string>(
  sides: Record<K, () => Promise<number>>,
  runs: number,
): Promise<Record<K, number[]>> {
  const keys = Object.keys(sides) as K[];
  const samples = Object.fromEntries(keys.map((k) => [k, [] as number[]])) as Record<K, number[]>;
  for (let i = -1; i < runs; i++)
    for (let k = 0; k < keys.length; k++) {
      const key = keys[(i + 1 + k) % keys.length]!;
      const value = await sides[key]();
      if (i >= 0) samples[key].push(value);
    }
  return samples;
}

/** This process's CPU so far (user + system, all threads), in ms: a clock that stops while the process waits. */
export function ownCpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}
