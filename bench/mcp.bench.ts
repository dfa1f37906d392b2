// The MCP server's cost over the headless CLI's code path, on a 10,000-story backlog: `list_stories` (the default
// 200 lines and the total) and `get_story` through `puffin mcp` (the SDK's Client over stdio, a warm server) against
// the same contract requests through the composition root's dispatcher with face 'cli' (what every headless command
// runs), rounds interleaved in one run, the first a warm-up. And what the core tool definitions cost an agent.
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createRoot } from '../src/main/app/core';
import { StoriesRepo } from '../src/main/store/storiesRepo';
import { toolDefinitions, toolsOf } from '../src/mcp/server';
import { connectMcp, seedMcpProject } from '../test/mcp/mcpWorld';
import { scratchDir } from '../test/support/scratchDir';
import { definitionTokens, TOKENIZER_NAME } from '../test/support/toolTokens';
import { median } from './childCpu';
import type { BenchModule } from './types';

const STORIES = 10_000;
const BATCH = 500;
const ROUNDS = 15;

async function timed(run: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await run();
  return performance.now() - t0;
}

export default {
  title: 'MCP tools over the headless code path (10,000 stories), and the core definitions’ size',
  async run() {
    const loadBefore = loadavg()[0]!;
    const project = await seedMcpProject();
    const repo = new StoriesRepo(path.join(project.dir, '.puffin'));
    for (let n = 3; n < STORIES; n += BATCH) {
      const drafts = Array.from({ length: Math.min(BATCH, STORIES - n) }, (_, i) => ({
        title: `Story ${n + i}: export report ${n + i}`,
        description: `As a lead I want report ${n + i} exported so that I can share it.`,
        acceptanceCriteria: ['The CSV has a header row'],
      }));
      await repo.accept(drafts);
    }
    const root = await createRoot({
      userDataDir: scratchDir('puffin-bench-mcp-'),
      platform: { face: 'cli' },
    });
    const mcp = await connectMcp(['--project', project.dir]);
    const requests = [
      { tool: 'list_stories', channel: 'agent:listStories' as const, args: {} },
      { tool: 'get_story', channel: 'agent:getStory' as const, args: { id: project.ids.a } },
    ];
    const times = new Map(requests.map((r) => [r.tool, { mcp: [] as number[], cli: [] as number[] }]));
    try {
      const opened = await root.dispatch('project:open', { path: project.dir }, { face: 'cli' });
      if (!opened.ok) throw new Error(opened.error.message);
      for (let round = 0; round <= ROUNDS; round++) {
        for (const r of round % 2 ? [...requests].reverse() : requests) {
          const viaMcp = () => mcp.client.callTool({ name: r.tool, arguments: r.args });
          const viaCli = async () => {
            const answer = await root.dispatch(r.channel, r.args, { face: 'cli' });
            if (!answer.ok) throw new Error(answer.error.message);
          };
          const pair = round % 2 ? [viaCli, viaMcp] : [viaMcp, viaCli];
          const [first, second] = [await timed(pair[0]!), await timed(pair[1]!)];
          if (round === 0) continue;
          const t = times.get(r.tool)!;
          t.mcp.push(round % 2 ? second : first);
          t.cli.push(round % 2 ? first : second);
        }
      }
    } finally {
      await mcp.close();
      await root.dispose();
    }
    const rows = requests.map((r) => {
      const t = times.get(r.tool)!;
      const [m, c] = [median(t.mcp), median(t.cli)];
      return `| \`${r.tool}\` | ${m.toFixed(1)} ms | ${c.toFixed(1)} ms | **${(m / c).toFixed(2)}×** |`;
    });
    const [coreDefs, allDefs] = [toolDefinitions(toolsOf('core')), toolDefinitions(toolsOf('all'))];
    const core = JSON.stringify(coreDefs).length;
    const all = JSON.stringify(allDefs).length;
    const [coreTokens, allTokens] = [definitionTokens(coreDefs), definitionTokens(allDefs)];
    return [
      `${STORIES.toLocaleString('en')} stories; medians of ${ROUNDS} rounds each (after a warm-up), the two paths interleaved.`,
      '',
      '| request | through `puffin mcp` (stdio) | headless code path (dispatcher) | ratio |',
      '|---|---|---|---|',
      ...rows,
      '',
      `Core tool definitions (what \`tools/list\` sends, JSON): **${coreTokens.toLocaleString('en')} tokens** ` +
        `(${core.toLocaleString('en')} characters; the budget is 2,000 tokens); \`--tools all\`: ` +
        `${allTokens.toLocaleString('en')} tokens (${all.toLocaleString('en')} characters). Counted with ${TOKENIZER_NAME}, ` +
        'Anthropic’s offline tokenizer (the vocabulary of Claude models before Claude 3; newer models count somewhat differently).',
      '',
      'The headless path runs in the bench process from the sources (tsx), sharing its CPU with the MCP client; the ' +
        'server runs the prebuilt bundle in a process of its own: a ratio under 1× says the stdio hop costs less ' +
        'than that difference, not that MCP is faster.',
      '',
      `Load average ${loadBefore.toFixed(2)} before the run, on ${cpus().length} cores shared with other work.`,
    ].join('\n');
  },
} satisfies BenchModule;
