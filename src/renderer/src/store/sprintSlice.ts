import type { PlanPreview, SpecsProgress, Sprint, SprintDetail, SprintStatus } from '../../../shared/plans';
import type { ExportFormat } from '../../../shared/specFormats';
import type { Slice } from './types';
import { errorNotice, listLoaded, listLoadFailed, toUiError, type UiError } from './uiError';

/** What the sprint view's Export writes: Puffin's own markdown, or another tool's spec format. */
export type ExportChoice = 'markdown' | ExportFormat;

/** The folder every written file shares (`openspec/changes/puffin-x`), shown where the export went. */
export function commonFolder(paths: readonly string[]): string {
  if (paths.length === 0) return '.';
  const parts = paths.map((p) => p.split('/').slice(0, -1));
  const common: string[] = [];
  for (let i = 0; parts.every((p) => i < p.length && p[i] === parts[0]![i]); i++) common.push(parts[0]![i]!);
  return common.join('/') || '.';
}

/** What is running for the open sprint; one action at a time, except Cancel during specs. */
export type SprintAction =
  | 'create'
  | 'analyze'
  | 'answer'
  | 'generate'
  | 'refine'
  | 'regenerate'
  | 'restore'
  | 'approve'
  | 'specs'
  | 'export'
  | 'update';

/** The model steps a Cancel stops at once (`plan:cancel` aborts the sprint's running call). */
export const CANCELLABLE: ReadonlySet<SprintAction> = new Set<SprintAction>([
  'analyze',
  'generate',
  'refine',
  'regenerate',
  'specs',
]);

export interface SprintSlice {
  sprints: Sprint[];
  sprintsLoaded: boolean;
  /** The sprint shown in the Sprints view; null = the list. */
  sprintId: string | null;
  detail: SprintDetail | null;
  sprintBusy: SprintAction | null;
  sprintError: UiError | null;
  /** Latest progress per `step:storyId` of the running (or last) specs run. */
  specsProgress: Record<string, SpecsProgress>;
  lastProgress: SpecsProgress | null;
  /** Cancel was pressed for the running model step (analyze, generate, refine, regenerate, specs). */
  cancellingStep: boolean;
  /** Plan items and questions of the running model step so far (`plan:preview`); null when none runs. */
  planPreview: PlanPreview | null;
  exportPath: string | null;
  loadSprints(): Promise<void>;
  createSprint(storyIds: readonly string[]): Promise<boolean>;
  openSprint(id: string | null): Promise<void>;
  updateSprint(
    id: string,
    patch: { title?: string; status?: SprintStatus; budgetUsd?: number | null },
  ): Promise<void>;
  analyzeSprint(): Promise<void>;
  saveAnswers(answers: Record<string, string>): Promise<boolean>;
  generatePlan(answers?: Record<string, string>): Promise<void>;
  refinePlan(feedback: string): Promise<boolean>;
  regenerateItem(storyId: string, feedback?: string): Promise<boolean>;
  restoreRevision(revision: number): Promise<void>;
  approvePlan(acceptFileMismatches: boolean): Promise<void>;
  /** `onlyMissing`: only the calls that failed or never ran (a failed step reruns alone). */
  generateSpecs(onlyMissing?: boolean): Promise<void>;
  cancelStep(): Promise<void>;
  /** Markdown (docs/puffin) by default, or another tool's spec format. */
  exportSprint(format?: ExportChoice): Promise<void>;
  retrySprintAction(): Promise<void>;
  clearSprintError(): void;
  /** Follows sprints:changed, sprint:changed and plan:progress; reloads when a project opens. */
  connectSprints(): () => void;
}

export const progressKey = (p: Pick<SpecsProgress, 'step' | 'storyId'>): string =>
  `${p.step}:${p.storyId ?? ''}`;

const CANCELLED: Partial<Record<SprintAction, string>> = {
  analyze: 'Analysis cancelled: nothing was changed. Press “Analyze” to run it again.',
  generate: 'Plan generation cancelled: nothing was changed. Press “Generate plan” to run it again.',
  refine: 'Refinement cancelled: the plan is as it was.',
  regenerate: 'Item regeneration cancelled: the plan is as it was.',
  specs: 'Specs cancelled: the results that were complete are kept.',
};

export const createSprintSlice: Slice<SprintSlice> = (client) => (set, get, api) => {
  let retry: (() => Promise<unknown>) | null = null;

  /** Runs one sprint action: busy flag, error with Retry, the returned detail replaces the shown one. */
  async function act<T>(
    action: SprintAction,
    fn: () => Promise<T>,
    apply?: (v: T) => void,
  ): Promise<boolean> {
    if (get().sprintBusy) return false;
    retry = () => act(action, fn, apply);
    set({ sprintBusy: action, sprintError: null, cancellingStep: false, planPreview: null });
    try {
      const value = await fn();
      apply?.(value);
      return true;
    } catch (err) {
      const error = toUiError(err);
      // The user's own Cancel is an outcome, not a failure: say so calmly instead of an error banner.
      if (error.code === 'cancelled' && get().cancellingStep)
        set({ notice: { kind: 'info', message: CANCELLED[action] ?? 'Cancelled.' } });
      else set({ sprintError: error });
      return false;
    } finally {
      set({ sprintBusy: null, cancellingStep: false, planPreview: null });
    }
  }
  const showDetail = (detail: SprintDetail) => {
    if (detail.sprint.id === get().sprintId) set({ detail });
  };
  /** Runs a plans action for the open sprint; the SprintDetail it answers replaces the shown one. */
  const onSprint = (action: SprintAction, call: (sprintId: string) => Promise<SprintDetail>) => {
    const sprintId = get().sprintId;
    if (!sprintId) return Promise.resolve(false);
    return act(action, () => call(sprintId), showDetail);
  };

  return {
    sprints: [],
    sprintsLoaded: false,
    sprintId: null,
    detail: null,
    sprintBusy: null,
    sprintError: null,
    specsProgress: {},
    lastProgress: null,
    cancellingStep: false,
    planPreview: null,
    exportPath: null,
    async loadSprints() {
      try {
        const sprints = await client.call('sprints:list', {});
        set((s) => ({ sprints, sprintsLoaded: true, ...listLoaded(s, 'sprints') }));
      } catch (err) {
        set((s) => ({ sprintsLoaded: true, ...listLoadFailed(s, 'sprints', err) }));
      }
    },
    async createSprint(storyIds) {
      let created: Sprint | null = null;
      const ok = await act(
        'create',
        () => client.call('sprints:create', { storyIds: [...storyIds] }),
        (sprint) => {
          created = sprint;
          set((s) => ({ sprints: [...s.sprints.filter((x) => x.id !== sprint.id), sprint] }));
        },
      );
      if (!ok || !created) {
        const error = get().sprintError;
        if (error) set({ notice: { kind: 'error', ...error } });
        return false;
      }
      set({ view: 'sprints' });
      await get().openSprint((created as Sprint).id);
      return true;
    },
    async openSprint(id) {
      set({
        sprintId: id,
        detail: null,
        sprintError: null,
        specsProgress: {},
        lastProgress: null,
        exportPath: null,
      });
      if (!id) return;
      try {
        showDetail(await client.call('sprints:get', { sprintId: id }));
      } catch (err) {
        set({ sprintError: toUiError(err) });
      }
    },
    async updateSprint(id, patch) {
      await act(
        'update',
        () => client.call('sprints:update', { id, patch }),
        (sprint) => {
          set((s) => ({
            sprints: s.sprints.map((x) => (x.id === sprint.id ? sprint : x)),
            detail: s.detail && s.detail.sprint.id === sprint.id ? { ...s.detail, sprint } : s.detail,
          }));
        },
      );
    },
    async analyzeSprint() {
      await onSprint('analyze', (sprintId) => client.call('plan:analyze', { sprintId }));
    },
    saveAnswers: (answers) =>
      onSprint('answer', (sprintId) => client.call('plan:answer', { sprintId, answers })),
    async generatePlan(answers) {
      if (answers && !(await get().saveAnswers(answers))) return;
      await onSprint('generate', (sprintId) => client.call('plan:generate', { sprintId }));
    },
    refinePlan: (feedback) =>
      onSprint('refine', (sprintId) => client.call('plan:refine', { sprintId, feedback })),
    regenerateItem: (storyId, feedback) =>
      onSprint('regenerate', (sprintId) =>
        client.call(
          'plan:regenerateItem',
          feedback ? { sprintId, storyId, feedback } : { sprintId, storyId },
        ),
      ),
    async restoreRevision(revision) {
      await onSprint('restore', (sprintId) => client.call('plan:restore', { sprintId, revision }));
    },
    async approvePlan(acceptFileMismatches) {
      await onSprint('approve', (sprintId) =>
        client.call('plan:approve', acceptFileMismatches ? { sprintId, acceptFileMismatches } : { sprintId }),
      );
    },
    async generateSpecs(onlyMissing) {
      set({ specsProgress: {}, lastProgress: null });
      await onSprint('specs', (sprintId) =>
        client.call('plan:specs', onlyMissing ? { sprintId, onlyMissing } : { sprintId }),
      );
    },
    async cancelStep() {
      const { sprintId, sprintBusy, cancellingStep } = get();
      if (!sprintId || !sprintBusy || !CANCELLABLE.has(sprintBusy) || cancellingStep) return;
      set({ cancellingStep: true });
      try {
        await client.call('plan:cancel', { sprintId });
      } catch (err) {
        set({ cancellingStep: false, notice: errorNotice(err) });
      }
    },
    async exportSprint(format = 'markdown') {
      const sprintId = get().sprintId;
      if (!sprintId) return;
      set({ exportPath: null });
      if (format === 'markdown')
        await act(
          'export',
          () => client.call('plan:export', { sprintId }),
          (r) => set({ exportPath: r.path }),
        );
      else
        await act(
          'export',
          () => client.call('spec:export', { sprintId, format }),
          (r) => set({ exportPath: commonFolder(r.files.map((f) => f.path)) }),
        );
    },
    async retrySprintAction() {
      if (retry) await retry();
    },
    clearSprintError() {
      set({ sprintError: null });
    },
    connectSprints() {
      const unsubs = [
        client.on('sprints:changed', (sprints) => set({ sprints, sprintsLoaded: true })),
        client.on('sprint:changed', showDetail),
        client.on('plan:preview', (p) => {
          if (p.sprintId === get().sprintId && get().sprintBusy) set({ planPreview: p });
        }),
        client.on('plan:progress', (p) => {
          if (p.sprintId !== get().sprintId) return;
          set((s) => ({ specsProgress: { ...s.specsProgress, [progressKey(p)]: p }, lastProgress: p }));
        }),
        api.subscribe((s, prev) => {
          if (s.project?.path === prev.project?.path) return;
          set({ sprints: [], sprintsLoaded: false, sprintId: null, detail: null, sprintError: null });
          if (s.project) void get().loadSprints();
        }),
      ];
      if (get().project) void get().loadSprints();
      return () => unsubs.forEach((u) => u());
    },
  };
};
