/**
 * An implement run in the project's History, the way every call is kept (recordCall): `running` while the agent
 * works, then its cost, duration and the verdict on its branch, or the error that ended it, with the agent's raw
 * lines beside it. Its sprint is named, so what it cost counts in the sprint's budget like any other call.
 */
import { randomUUID } from 'node:crypto';
import { EMPTY_META, type Generation } from '../../shared/stories';
import type { Services } from '../app/services';
import type { EngineEvent } from '../engines/provider';
import type { SendPromptResult } from '../llm/promptTypes';
import { recordCall } from '../services/historyRecorder';
import type { ImplementInput, ImplementResult } from './implementInput';
import type { StoryWorktree } from './worktree';

/** The verdict as History shows it. */
export function verdictText(r: ImplementResult): string {
  const head = `${r.verdict === 'verified' ? 'Verified' : 'Failing'} on branch \`${r.branch}\``;
  const still = r.failing.length ? `; still failing: ${r.failing.map((f) => f.assertion).join(', ')}` : '';
  const files = r.changedFiles.length ? ` (${r.changedFiles.join(', ')})` : '';
  const rounds = `${r.rounds} round${r.rounds === 1 ? '' : 's'}`;
  return `${head}${still}. ${r.changedFiles.length} files changed${files}, ${rounds}.`;
}

export async function recordImplement(
  services: Services,
  input: ImplementInput,
  wt: StoryWorktree,
  run: (onEvent: (e: EngineEvent) => void) => Promise<ImplementResult>,
): Promise<ImplementResult> {
  const store = services.projects.requireStore();
  const started = Date.now();
  const initial: Generation = {
    id: randomUUID(),
    kind: 'implement',
    title: `Implement · ${input.story.title}`,
    prompt: `Implement story ${input.story.id} on branch ${wt.branch} (${input.rounds} round(s) at most).`,
    ...(input.sprintId ? { sprintId: input.sprintId } : {}),
    status: 'running',
    createdAt: new Date(started).toISOString(),
    warnings: [],
    meta: { ...EMPTY_META },
  };
  const outcome = await recordCall<SendPromptResult<ImplementResult>>(
    {
      logger: services.logBus.logger('implement'),
      now: () => new Date(),
      onChanged: (g) => input.onHistory?.(g),
    },
    store,
    initial,
    async (sinks) => {
      const data = await run(sinks.onEngineEvent);
      const meta = { ...EMPTY_META, costUsd: data.costUsd, durationMs: Date.now() - started };
      return { data, source: 'structured_output', warnings: [], meta };
    },
    {
      succeeded: (record, r) => ({
        ...record,
        status: 'succeeded',
        markdown: verdictText(r.data),
        meta: { ...record.meta, costUsd: r.data.costUsd, durationMs: r.meta.durationMs },
      }),
    },
  );
  if (!outcome.ok) throw outcome.error;
  return outcome.result.data;
}
