/**
 * Runs any workflow for a handler, its calls kept in the opened project's History when its definition declares
 * a history kind: a new workflow needs no service of its own to be recorded, cancelled at quit or waited for.
 */
import { randomUUID } from 'node:crypto';
import { EMPTY_META, type Generation } from '../../shared/stories';
import type { WorkflowName } from '../../shared/workflows';
import { ServiceError } from '../base/errors';
import type { Logger } from '../base/logger';
import type { SendPrompt, SendPromptResult } from '../llm/promptTypes';
import type { ProjectStore } from '../store/projectStore';
import type { InputOf, OutputOf } from '../workflows/definition';
import { fallbackTitle } from '../workflows/generateTitle';
import type { Workflows } from '../workflows/registry';
import { runWorkflow } from '../workflows/run';
import type { CallHistory, CallOptions } from '../workflows/types';
import { withSinks } from './callRecorder';
import type { HistoryDeps } from './historyRecorder';
import { JobRunner } from './jobRunner';

export interface WorkflowRunnerDeps extends HistoryDeps {
  sendPrompt: SendPrompt;
  /** The opened project's store (throws `no_project`). */
  store: () => ProjectStore;
  logger: Logger;
}

/** Each call of a recorded workflow as one History record: its subject (else its prompt's start) as its title. */
export function projectHistory(jobs: JobRunner, store: ProjectStore, now: () => Date): CallHistory {
  return {
    async record(call, send) {
      const { kind, request } = call;
      const record: Generation = {
        id: randomUUID(),
        kind,
        title: request.subject ?? fallbackTitle(request.prompt),
        prompt: request.prompt,
        ...(request.model ? { model: request.model } : {}),
        status: 'running',
        createdAt: now().toISOString(),
        warnings: [],
        meta: { ...EMPTY_META },
      };
      const outcome = await jobs.record(store, record, (sinks) =>
        send({ ...request, ...withSinks(sinks, request) }),
      );
      if (!outcome.ok) throw outcome.error;
      return outcome.result;
    },
  };
}

export class WorkflowRunner {
  private readonly jobs: JobRunner;

  constructor(private readonly deps: WorkflowRunnerDeps) {
    this.jobs = new JobRunner(deps);
  }

  /** One call of `name`, under `key` (a second call under the same key while one runs is refused `busy`). */
  run<N extends WorkflowName>(
    name: N,
    input: InputOf<Workflows[N]>,
    options: CallOptions & { key?: string } = {},
  ): Promise<SendPromptResult<OutputOf<Workflows[N]>>> {
    const { key = randomUUID(), ...opts } = options;
    const store = this.deps.store();
    const history = projectHistory(this.jobs, store, this.deps.now);
    const busy = () =>
      new ServiceError('busy', `This ${name} call is already running; wait for it or cancel it.`);
    return this.jobs.run(key, busy, (signal) =>
      runWorkflow({ sendPrompt: this.deps.sendPrompt, history }, name, input, { signal, ...opts }),
    );
  }

  cancel(key: string): { cancelled: boolean } {
    return this.jobs.cancel(key);
  }

  cancelAll(): void {
    this.jobs.cancelAll();
  }

  idle(): Promise<void> {
    return this.jobs.idle();
  }
}
