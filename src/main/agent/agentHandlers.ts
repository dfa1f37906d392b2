/** Handlers of the agent channels (src/shared/ipc/agentChannels.ts), on the opened project. */
import { randomUUID } from 'node:crypto';
import type { ResponseOf } from '../../shared/ipc/contract';
import type { Story } from '../../shared/stories';
import { matchesSearch, searchWords } from '../../shared/storySearch';
import type { Handlers } from '../app/dispatcher';
import { shortIds } from '../../shared/shortIds';
import { ServiceError } from '../base/errors';
import type { Emit, Services } from '../app/services';
import { PlanStore } from '../plans/planStore';
import { spentBy } from '../plans/sprintSpend';
import {
  approvedItems,
  assertionsWithLast,
  planItemView,
  readProof,
  recordedVerdict,
  risOf,
  sprintOf,
  storyLine,
} from './agentFacts';
import { writeAgentInstructions } from './agentsInit';
import { verifyOneStory } from './agentVerify';
import { nextInPlan } from './nextStory';
import { findSprint, findStory } from './storyRef';

type AgentChannel =
  | 'agent:listStories'
  | 'agent:getStory'
  | 'agent:nextStory'
  | 'agent:verifyStory'
  | 'agent:setStoryStatus'
  | 'agent:deriveStories'
  | 'agent:getPlan'
  | 'agent:implement'
  | 'agent:cancelImplement'
  | 'agent:init';

const DEFAULT_LIMIT = 200;
/** How many failing assertions a refusal names in its message (all of them are in its details). */
const NAMED_FAILURES = 5;

export function agentHandlers(services: Services, emit: Emit): Pick<Handlers, AgentChannel> {
  const { projects } = services;
  const open = () => {
    const store = projects.requireStore();
    return { dir: projects.get()!.path, store, plans: new PlanStore(store.dir) };
  };
  const story = async (ref: string): Promise<Story> => findStory(await open().store.stories.list(), ref);
  const sprint = async (plans: PlanStore, id: string) => {
    const s = (await plans.sprints.get(id)) ?? findSprint(await plans.sprints.list(), id);
    if (!s)
      throw new ServiceError('not_found', `There is no sprint ${id} in this project.`, { sprintId: id });
    return s;
  };

  return {
    'agent:listStories': async ({ status, sprint: sprintId, query, limit }) => {
      const { dir, store, plans } = open();
      const all = await store.stories.list();
      let stories = all;
      if (sprintId !== undefined) {
        const ids = new Set((await sprint(plans, sprintId)).storyIds);
        stories = stories.filter((s) => ids.has(s.id));
      }
      const words = searchWords(query ?? '');
      stories = stories.filter(
        (s) => (status === undefined || s.status === status) && matchesSearch(s, words),
      );
      const shown = stories.slice(0, limit ?? DEFAULT_LIMIT);
      const short = shortIds(all.map((s) => s.id));
      const lines = await Promise.all(
        shown.map(async (s) => ({
          ...storyLine(s, recordedVerdict(s, await readProof(dir, s.id))),
          shortId: short.get(s.id)!,
        })),
      );
      return { stories: lines, total: stories.length };
    },
    'agent:getStory': async ({ id }): Promise<ResponseOf<'agent:getStory'>> => {
      const { dir, plans } = open();
      const s = await story(id);
      const [proof, inSprint] = await Promise.all([readProof(dir, s.id), sprintOf(plans, s.id)]);
      const approved = inSprint ? await approvedItems(plans, inSprint.id) : null;
      const item = approved?.items.find((i) => i.storyId === s.id);
      return {
        ...storyLine(s, recordedVerdict(s, proof)),
        description: s.description,
        acceptanceCriteria: s.acceptanceCriteria,
        sprintId: inSprint?.id ?? null,
        planItem: item ? planItemView(item) : null,
        ris: inSprint ? await risOf(plans, inSprint.id, s.id) : null,
        assertions: assertionsWithLast(proof),
      };
    },
    'agent:nextStory': async ({ sprint: sprintId }) => {
      const { dir, store, plans } = open();
      return nextInPlan({ dir, plans, stories: await store.stories.list(), sprintId: sprintId ?? null });
    },
    'agent:verifyStory': async ({ id }) => verifyOneStory(open().dir, await story(id)),
    'agent:setStoryStatus': async ({ id, status }) => {
      const { dir, store } = open();
      const s = await story(id);
      if (status === 'done') {
        const v = await verifyOneStory(dir, s);
        if (v.status === 'unspecified')
          throw new ServiceError(
            'unspecified',
            `Story ${s.id} has no assertions, so nothing proves it done. Generate them from its sprint (\`puffin plan assertions --project . --sprint <id>\`), then verify it.`,
            { storyId: s.id },
          );
        if (v.status !== 'verified') {
          const named = v.failing
            .slice(0, NAMED_FAILURES)
            .map((f) => `${f.assertion} (${f.message || f.reason})`);
          throw new ServiceError(
            'not_verified',
            `Story ${s.id} is ${v.status}: ${v.failing.length} assertion(s) do not pass: ${named.join('; ')}. Make them pass (verify_story), then mark it done.`,
            { storyId: s.id, status: v.status, failing: v.failing },
          );
        }
      }
      const [saved] = await store.stories.setStatus([s.id], status);
      emit('stories:changed', { changed: [saved!], deleted: [] });
      return storyLine(saved!, recordedVerdict(saved!, await readProof(dir, saved!.id)));
    },
    'agent:deriveStories': async ({ request }, ctx) => {
      open(); // no_project before anything starts
      const id = randomUUID();
      const stop = () => services.generation.cancel(id);
      ctx.signal?.addEventListener('abort', stop, { once: true });
      try {
        const g = await services.generation.derive({ id, prompt: request, deriveStories: true });
        if (g.status !== 'succeeded')
          throw g.error
            ? new ServiceError(g.error.code, g.error.message)
            : new ServiceError('cancelled', `The derivation ended ${g.status}.`);
        const drafts = (g.stories ?? []).map(({ title, description, acceptanceCriteria }) => ({
          title,
          description,
          acceptanceCriteria,
        }));
        return { generationId: g.id, status: g.status, drafts };
      } finally {
        ctx.signal?.removeEventListener('abort', stop);
      }
    },
    'agent:getPlan': async ({ sprint: sprintId }) => {
      const { plans } = open();
      const s = await sprint(plans, sprintId);
      const approved = await approvedItems(plans, s.id);
      if (!approved)
        throw new ServiceError('not_approved', `Sprint ${s.id} has no approved plan yet.`, {
          sprintId: s.id,
        });
      return {
        sprintId: s.id,
        title: s.title,
        approvedRevision: approved.revision,
        items: approved.items.map(planItemView),
      };
    },
    'agent:implement': async ({ story: ref, rounds }, ctx) => {
      const { dir, plans } = open();
      const s = await story(ref);
      const [proof, inSprint] = await Promise.all([readProof(dir, s.id), sprintOf(plans, s.id)]);
      const item = inSprint
        ? (await approvedItems(plans, inSprint.id))?.items.find((i) => i.storyId === s.id)
        : null;
      const { implementStory } = await import('./implementStory');
      return implementStory(services, {
        projectDir: dir,
        story: s,
        planItem: item ? planItemView(item) : null,
        ris: inSprint ? await risOf(plans, inSprint.id, s.id) : null,
        assertions: proof.assertions,
        rounds: rounds ?? 1,
        ...(ctx.signal ? { signal: ctx.signal } : {}),
        onActivity: (e) => emit('call:activity', e),
        onHistory: (g) => emit('history:changed', g),
        ...(inSprint ? { sprintId: inSprint.id } : {}),
        ...(inSprint?.budgetUsd
          ? {
              budget: {
                limitUsd: inSprint.budgetUsd,
                spentUsd: spentBy(await open().store.history.list(), inSprint.id),
              },
            }
          : {}),
      });
    },
    'agent:cancelImplement': async ({ story: ref }) => ({
      cancelled: services.agentRuns.cancel((await story(ref)).id),
    }),
    'agent:init': () => writeAgentInstructions(open().dir),
  };
}
