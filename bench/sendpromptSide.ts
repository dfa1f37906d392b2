// One side of bench:sendprompt in a Node process of its own (forked by sendprompt.bench.ts with the bench's own
// Node flags), so that the garbage a side leaves is collected, and its GCs charged, in that side's runs only.
// It does exactly what the in-process run does for that side (sendpromptSides.ts), one run per `run` message,
// and answers with the run's CPU: this process's user + system time during the run plus the replaying child's
// own, as in-process.
import { PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';
import {
  bareSpawn,
  benchEnv,
  benchSendPrompt,
  timedSideRun,
  withMajorGc,
  type BenchRequest,
  type Side,
  type SpawnCall,
} from './sendpromptSides';

/** From the bench: set up (the baseline sides get the call sendPrompt made), run once, or end. */
export type SideCommand =
  | { type: 'setup'; side: Side; scenario: string; cpuFile: string; request: BenchRequest; call?: SpawnCall }
  | { type: 'run' }
  | { type: 'exit' };

/** To the bench: ready (sendPrompt's side with its first spawn), or one run's figures. */
export type SideReply =
  | { type: 'ready'; call?: SpawnCall }
  | { type: 'ran'; cpuMs: number; wallMs: number; majorGc: boolean; previews: number };

const gcs: PerformanceEntry[] = [];
const observer = new PerformanceObserver((list) => gcs.push(...list.getEntries()));
observer.observe({ entryTypes: ['gc'] });

let runOnce: (() => Promise<unknown>) | undefined;
let cpuFile = '';
let previews = () => 0;

const reply = (message: SideReply) => process.send!(message);

process.on('message', (command: SideCommand) => {
  void handle(command).catch((err: unknown) => {
    process.stderr.write(`sendprompt side failed: ${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  });
});

async function handle(command: SideCommand): Promise<void> {
  if (command.type === 'exit') process.exit(0);
  if (command.type === 'setup') {
    cpuFile = command.cpuFile;
    const env = benchEnv(command.scenario, cpuFile);
    if (command.side === 'ours') {
      const ours = await benchSendPrompt(env, command.request);
      await ours.call(); // what the in-process run's first call does: record the spawn for the baseline
      runOnce = ours.call;
      previews = ours.previews;
      reply({ type: 'ready', call: ours.recorded()! });
    } else {
      const call = command.call!;
      const parse = command.side === 'parsed';
      runOnce = () => bareSpawn(call, parse);
      reply({ type: 'ready' });
    }
    return;
  }
  const ran = await timedSideRun(runOnce!, cpuFile);
  // A GC's entry is queued as it ends: let it arrive before looking (outside the measured window).
  await new Promise((resolve) => setImmediate(resolve));
  gcs.push(...observer.takeRecords());
  const [majorGc] = withMajorGc([ran.window], gcs);
  reply({ type: 'ran', cpuMs: ran.cpuMs, wallMs: ran.wallMs, majorGc: majorGc!, previews: previews() });
}
