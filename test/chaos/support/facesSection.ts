// The "between faces" section of docs/reliability.md (`npm run chaos`): two faces writing one project at once,
// Puffin killed in the grace after a paid result, temp files of killed writers, and the smaller host and path faults.
import { boundsProbes } from './boundsProbes';
import { mapProbes } from './mapProbes';
import { paidKill } from './paidKill';
import { facesProbes, type ProbeRow } from './facesProbes';
import { twoFacesLoad } from './twoFacesLoad';

export interface FacesRuns {
  /** Read-modify-writes per face and channel. */
  writes: number;
  /** SIGKILLs in the grace after a result. */
  kills: number;
  /** Tries of each smaller probe. */
  probes: number;
}

const cell = (s: string) => s.replace(/\|/g, '\\|');

export async function facesChecks(runs: FacesRuns): Promise<{ lines: string[]; held: boolean }> {
  const started = Date.now();
  const load = await twoFacesLoad(runs.writes);
  const channels = Object.entries(load.byChannel)
    .map(([c, f]) => `${c} ${f.lost}/${f.tried}`)
    .join(', ');
  const rows: ProbeRow[] = [
    {
      fault: 'two faces writing one project at once',
      test: 'src/main/app/twoFacesWrites.test.ts',
      tried: load.tried,
      held: load.tried - load.lost,
      figure: `${load.lost} updates lost (${channels})`,
    },
  ];
  let paidHeld = 0;
  let cost = 0;
  for (let i = 0; i < runs.kills; i++) {
    const { before, after } = await paidKill();
    if (before.status === 'running' && after.status === 'succeeded' && (after.meta.costUsd ?? 0) > 0)
      paidHeld++;
    cost += after.meta.costUsd ?? 0;
  }
  rows.push({
    fault: 'SIGKILL in the grace after the CLI printed its result',
    test: 'test/chaos/paidResult.test.ts',
    tried: runs.kills,
    held: paidHeld,
    figure: `${paidHeld} stored as their result on the next start, $${cost.toFixed(5)} kept`,
  });
  rows.push(...(await facesProbes(runs.probes)));
  rows.push(...(await boundsProbes(5)));
  rows.push(...(await mapProbes(5)));
  const held = rows.every((r) => r.held === r.tried);
  return {
    held,
    lines: [
      '## Between faces',
      '',
      'test/chaos/support/facesSection.ts: two composition roots (the browser host’s and the headless CLI’s) over',
      `one project, each making ${runs.writes} read-modify-writes per writing channel at the same time; Puffin`,
      'SIGKILLed in the grace after the CLI printed its result, then the project opened again; temp files of',
      'killed writers before the next start; the smaller host and path faults; and what grows with input (an',
      'endless engine line, a walk of the whole disk, an endless --help, a grandchild escaping its run, a',
      'multi-MB request, 10,000 malformed requests, a large or cancelled repo map build). Each row names the test that',
      'keeps it in `npm test`.',
      '',
      '| Fault | Tried | Held | Figure | Test |',
      '| --- | --- | --- | --- | --- |',
      ...rows.map(
        (r) =>
          `| ${cell(r.fault)} | ${r.tried} | ${r.held === r.tried ? r.held : `**${r.held}**`} | ${cell(r.figure)} | ${r.test} |`,
      ),
      '',
      `Wall time ${((Date.now() - started) / 1000).toFixed(1)} s.`,
      '',
    ],
  };
}
