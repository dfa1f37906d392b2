/**
 * The plans journey's part of a project's `.puffin/` store:
 *   sprints/<id>.json            Sprint
 *   questions/<sprintId>.json    the ambiguity analysis and the answers
 *   plans/<sprintId>.json        every plan revision, the current one and the approval
 *   ris/<sprintId>/<storyId>.json  one RIS per story
 *   specs/<sprintId>.json        generated assertions (per story and the sprint map) and the last run's errors
 * Per-story assertions are also written to `.puffin/assertions/<storyId>.json`, where the Assertions panel reads.
 */
import { join } from 'node:path';
import type { Sprint, SprintDetail, SprintPlan, SprintQuestions, StoryRis } from '../../shared/plans';
import type { Logger } from '../core/logger';
import { RecordStore } from '../store/recordStore';
import { SerialQueue } from '../store/serialQueue';
import { JsonFiles } from './jsonFiles';

/** What `specs/<sprintId>.json` holds: the generated-assertion parts of SprintDetail. */
export type SprintSpecs = { sprintId: string } & Pick<
  SprintDetail,
  'assertions' | 'sprintAssertions' | 'specErrors'
>;

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every((s) => typeof s === 'string');

export function sprintProblem(v: unknown): string | null {
  if (!isObj(v)) return 'not an object';
  if (typeof v.id !== 'string' || typeof v.title !== 'string') return 'missing id/title';
  if (!isStrings(v.storyIds)) return '"storyIds" is not a list of strings';
  if (!['open', 'closed', 'archived'].includes(v.status as string))
    return `unknown status ${String(v.status)}`;
  if (typeof v.createdAt !== 'string' || typeof v.updatedAt !== 'string')
    return 'missing createdAt/updatedAt';
  return null;
}

const ownedBy = (v: unknown, key: string): string | null =>
  !isObj(v) ? 'not an object' : v.sprintId !== key ? `"sprintId" does not match the file name ${key}` : null;

function questionsProblem(v: unknown, key: string): string | null {
  const p = ownedBy(v, key);
  if (p) return p;
  const q = v as Obj;
  if (!Array.isArray(q.questions)) return '"questions" is not a list';
  return isObj(q.answers) ? null : '"answers" is not an object';
}

function planProblem(v: unknown, key: string): string | null {
  const p = ownedBy(v, key);
  if (p) return p;
  const plan = v as Obj;
  if (!Array.isArray(plan.revisions) || plan.revisions.length === 0) return '"revisions" is empty';
  if (!plan.revisions.every((r) => isObj(r) && typeof r.number === 'number' && isObj(r.plan)))
    return 'a revision has no number or plan';
  return typeof plan.current === 'number' ? null : '"current" is not a number';
}

function risProblem(v: unknown, key: string): string | null {
  if (!isObj(v) || v.storyId !== key) return `"storyId" does not match the file name ${key}`;
  return typeof v.markdown === 'string' ? null : '"markdown" is not a string';
}

function specsProblem(v: unknown, key: string): string | null {
  const p = ownedBy(v, key);
  if (p) return p;
  const s = v as Obj;
  return Array.isArray(s.assertions) && Array.isArray(s.specErrors) ? null : 'missing assertions/specErrors';
}

export class PlanStore {
  readonly sprints: RecordStore<Sprint>;
  readonly questions: JsonFiles<SprintQuestions>;
  readonly plans: JsonFiles<SprintPlan>;
  readonly specs: JsonFiles<SprintSpecs>;
  private readonly risBySprint = new Map<string, JsonFiles<StoryRis>>();
  private readonly queues = new Map<string, SerialQueue>();

  constructor(
    readonly dir: string,
    private readonly log?: Logger,
  ) {
    this.sprints = new RecordStore<Sprint>(join(dir, 'sprints'), sprintProblem);
    this.questions = new JsonFiles(join(dir, 'questions'), questionsProblem, log);
    this.plans = new JsonFiles(join(dir, 'plans'), planProblem, log);
    this.specs = new JsonFiles(join(dir, 'specs'), specsProblem, log);
  }

  ris(sprintId: string): JsonFiles<StoryRis> {
    let files = this.risBySprint.get(sprintId);
    if (!files) {
      files = new JsonFiles(join(this.dir, 'ris', sprintId), risProblem, this.log);
      this.risBySprint.set(sprintId, files);
    }
    return files;
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
