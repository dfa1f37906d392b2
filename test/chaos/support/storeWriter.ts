// The process the kill loop kills: a Puffin root that opens a project and adds stories to its backlog one
// request at a time through the dispatcher, printing `ack <ids>` once each request's records are stored (what a
// face would report to the user). It never ends by itself: it is killed with SIGKILL somewhere in a write.
//   node storeWriter.mjs <projectDir> <userDataDir> <tag> <descriptionBytes>
import { createRoot } from '../../../src/main/app/core';
import { LogBus } from '../../../src/main/base/logger';

const [projectDir, userDataDir, tag, size] = process.argv.slice(2) as [string, string, string, string];
const say = (line: string) => process.stdout.write(`${line}\n`);

const root = await createRoot({ userDataDir, platform: { face: 'cli' }, logBus: new LogBus() });
const opened = await root.dispatch('project:open', { path: projectDir }, { face: 'cli' });
if (!opened.ok) {
  say(`error ${JSON.stringify(opened.error)}`);
  process.exit(2);
}
say('open');
for (let i = 0; ; i++) {
  const drafts = [1, 2].map((n) => ({
    title: `${tag} ${i}.${n}`,
    description: 'x'.repeat(Number(size)),
    acceptanceCriteria: [`criterion ${i}.${n}`],
  }));
  const r = await root.dispatch('stories:accept', { drafts }, { face: 'cli' });
  if (!r.ok) {
    say(`error ${JSON.stringify(r.error)}`);
    process.exit(3);
  }
  say(`ack ${(r.value as { id: string }[]).map((s) => s.id).join(',')}`);
}
