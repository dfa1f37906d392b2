/**
 * The plans journey's part of a project's store (folders described in store/folders.ts):
 *   sprints/<id>.json              Sprint
 *   questions/<sprintId>.json      the ambiguity analysis and the answers
 *   plans/<sprintId>.json          every plan revision, the current one and the approval
 *   ris/<sprintId>/<storyId>.json  one RIS per story
 *   specs/<sprintId>.json          generated assertions (per story and the sprint map) and the last run's errors
 * Per-story assertions are also written to `assertions/<storyId>.json`, where the Assertions panel reads.
 */
import type { Sprint, SprintDetail, SprintPlan, SprintQuestions, StoryRis } from '../../shared/plans';
import type { Logger } from '../base/logger';
import { FOLDERS, risFolder } from '../store/folders';
import type { StoreContext } from '../store/recordFile';
import { RecordFolder } from '../store/recordFolder';
import { SerialQueue } from '../store/serialQueue';

/** What `specs/<sprintId>.json` holds: the generated-assertion parts of SprintDetail (no warnings before 0.2). */
export type SprintSpecs = { sprintId: string } & Pick<
  SprintDetail,
  'assertions' | 'sprintAssertions' | 'specErrors'
> &
  Partial<Pick<SprintDetail, 'specWarnings'>>;

export class PlanStore {
  readonly sprints: RecordFolder<Sprint>;
  readonly questions: RecordFolder<SprintQuestions>;
  readonly plans: RecordFolder<SprintPlan>;
  readonly specs: RecordFolder<SprintSpecs>;
  private readonly ctx: StoreContext;
  private readonly risBySprint = new Map<string, RecordFolder<StoryRis>>();
  private readonly queues = new Map<string, SerialQueue>();

  constructor(
    readonly dir: string,
    log?: Logger,
    onProblem?: StoreContext['onProblem'],
  ) {
    this.ctx = { dir, ...(log ? { log } : {}), ...(onProblem ? { onProblem } : {}) };
    this.sprints = new RecordFolder(this.ctx, FOLDERS.sprints);
    this.questions = new RecordFolder(this.ctx, FOLDERS.questions);
    this.plans = new RecordFolder(this.ctx, FOLDERS.plans);
    this.specs = new RecordFolder(this.ctx, FOLDERS.specs);
  }

  ris(sprintId: string): RecordFolder<StoryRis> {
    let folder = this.risBySprint.get(sprintId);
    if (!folder) {
      folder = new RecordFolder(this.ctx, risFolder(sprintId));
      this.risBySprint.set(sprintId, folder);
    }
    return folder;
  }

  /** Read-modify-write of one sprint's files never interleave (e.g. an answer saved during a refine). */
  serial<T>(sprintId: string, job: () => Promise<T>): Promise<T> {
    let q = this.queues.get(sprintId);
    if (!q) this.queues.set(sprintId, (q = new SerialQueue()));
    return q.run(job);
  }

  async listSprints(): Promise<Sprint[]> {
    const all = await this.sprints.list();
    return all.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id));
  }
}
