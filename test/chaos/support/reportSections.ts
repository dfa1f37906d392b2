// The store and host sections of docs/reliability.md (`npm run chaos`): the kill -9 loop and the fuzz figures.
import type { KillFigures } from './killLoop';
import type { FuzzFigures } from './hostFuzz';

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export function killSection(f: KillFigures, seed: number): string[] {
  return [
    '## kill -9 into store writes',
    '',
    'test/chaos/support/killLoop.ts: a Puffin root (bundled, started as plain `node`) opens one project and adds',
    'stories to its backlog through the dispatcher, printing an acknowledgement once each request is stored; it is',
    'killed with SIGKILL after a seeded number of acknowledgements (mostly in the first writes, where the store is',
    'created), then started again on the same project. After every kill every file of `.puffin/` must parse, the store',
    'must have its store.json, and every',
    'acknowledged story must be there; at the end the next open’s sweep (run as if a minute had passed) must leave',
    `nothing but records. \`npm test\` runs 8 kills (test/chaos/storeKills.test.ts); CHAOS_SEED replays a run.`,
    '',
    `- **Tried:** ${f.kills} kills (seed ${seed}), ${f.acknowledged} acknowledged stories.`,
    `- **Held:** ${f.held} of ${f.kills} (every file parsed, every acknowledged record present).`,
    `- **Lost:** ${f.lost} acknowledged records.`,
    `- **Orphans:** ${f.orphans} (temp files the sweep left, writers still alive); the kills left ${f.tempsLeft} temp file(s) before the sweep.`,
    `- Wall time ${seconds(f.ms)}.`,
    ...(f.problems.length ? ['', 'Problems:', '', ...f.problems.slice(0, 20).map((p) => `- ${p}`)] : []),
    '',
  ];
}

export function fuzzSection(f: FuzzFigures, seed: number): string[] {
  const kinds = Object.entries(f.byKind)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, n]) => `${k} ${n}`)
    .join(', ');
  return [
    '## Malformed requests at the host',
    '',
    'test/chaos/support/hostFuzz.ts: a seeded fuzz at a browser host in the same process. Every request is',
    'malformed by construction (an unknown channel, a payload that is not an object or has a property no schema',
    'names, deep nesting, prototype keys, bodies that are not JSON or past the 8 MB cap, a wrong method, content',
    'type, token, Host or Origin, the token in the address), so each has one expected typed refusal. `npm test`',
    'sends 400 (test/chaos/hostFuzz.test.ts).',
    '',
    `- **Tried:** ${f.tried} requests (seed ${seed}): ${kinds}.`,
    `- **Held:** ${f.held} (the expected status and error code, a bounded reply).`,
    `- **Lost:** ${f.accepted} accepted, ${f.untyped} without their typed refusal, ${f.oversized} replies over 64 KB.`,
    `- **Orphans:** none possible (no process is started); the host ${f.hostAlive ? 'answered' : '**did not answer**'} afterwards.`,
    `- Wall time ${seconds(f.ms)}.`,
    ...(f.failures.length ? ['', 'Failures:', '', ...f.failures.map((p) => `- ${p}`)] : []),
    '',
  ];
}
