/**
 * The MCP tools agents get by default: each is one contract channel, its input schema the contract's own. The
 * definitions are what every agent pays for in context, so descriptions are one sentence and the output schemas
 * name only the top-level fields. They list no `required` fields: a refused call's structuredContent is the error
 * object, which a client also checks against the output schema.
 */
import type { ResponseOf } from '../shared/ipc/contract';
import type { AgentStoryLine } from '../shared/ipc/agentChannels';
import type { McpTool } from './toolTypes';

const obj = (properties: Record<string, unknown>) => ({ type: 'object' as const, properties });
const line = (s: AgentStoryLine) => `${s.shortId} [${s.status}, ${s.verdict}] ${s.title}`;

export const CORE_TOOLS: readonly McpTool[] = [
  {
    name: 'list_stories',
    channel: 'agent:listStories',
    description:
      'Backlog stories (id, short id, title, status, verdict), filtered by status, sprint or words.',
    outputSchema: obj({ stories: { type: 'array' }, total: { type: 'integer' } }),
    text: (v) => {
      const { stories, total } = v as ResponseOf<'agent:listStories'>;
      return [`${stories.length} of ${total} stories`, ...stories.map(line)].join('\n');
    },
  },
  {
    name: 'get_story',
    channel: 'agent:getStory',
    description:
      'A story with its acceptance criteria, plan item (approach, files, dependencies), RIS spec, and assertions with their last results.',
    outputSchema: obj({
      id: { type: 'string' },
      title: { type: 'string' },
      acceptanceCriteria: { type: 'array' },
      planItem: { type: ['object', 'null'] },
      ris: { type: ['string', 'null'] },
      assertions: { type: 'array' },
    }),
    text: (v) => {
      const s = v as ResponseOf<'agent:getStory'>;
      return `${line(s)}\n${s.acceptanceCriteria.length} criteria, ${s.assertions.length} assertions${s.ris ? ', RIS' : ''}`;
    },
  },
  {
    name: 'next_story',
    channel: 'agent:nextStory',
    description:
      'The first story in the approved plan that is not verified and whose dependencies are (null, with why, when none).',
    outputSchema: obj({
      story: { type: ['object', 'null'] },
      sprintId: { type: ['string', 'null'] },
      reason: { type: 'string' },
    }),
    text: (v) => {
      const n = v as ResponseOf<'agent:nextStory'>;
      return n.story ? `${line(n.story)}\n${n.reason}` : `No story: ${n.reason}`;
    },
  },
  {
    name: 'verify_story',
    channel: 'agent:verifyStory',
    description:
      "Runs the story's assertions on the current tree: verified, failing, regressed or unspecified, with each failure's file and line.",
    outputSchema: obj({
      status: { type: 'string' },
      failing: { type: 'array' },
      regressions: { type: 'array' },
    }),
    text: (v) => {
      const r = v as ResponseOf<'agent:verifyStory'>;
      const fails = r.failing.map(
        (f) => `- ${f.assertion}: ${f.message} (${f.file ?? '?'}${f.line ? `:${f.line}` : ''})`,
      );
      return [`${r.id}: ${r.status}`, ...fails].join('\n');
    },
  },
  {
    name: 'set_story_status',
    channel: 'agent:setStoryStatus',
    description: "Sets a story's status; done is refused (not_verified) unless all its assertions pass now.",
    outputSchema: obj({ id: { type: 'string' }, status: { type: 'string' }, verdict: { type: 'string' } }),
    text: (v) => line(v as AgentStoryLine),
  },
  {
    name: 'derive_stories',
    channel: 'agent:deriveStories',
    description:
      'Drafts user stories from a feature request, for a human to review (never added to the backlog).',
    outputSchema: obj({ generationId: { type: 'string' }, drafts: { type: 'array' } }),
    long: true,
    text: (v) => {
      const d = v as ResponseOf<'agent:deriveStories'>;
      return [
        `${d.drafts.length} drafts (generation ${d.generationId})`,
        ...d.drafts.map((s) => `- ${s.title}`),
      ].join('\n');
    },
  },
  {
    name: 'get_plan',
    channel: 'agent:getPlan',
    description: "A sprint's approved plan, items in order.",
    outputSchema: obj({ sprintId: { type: 'string' }, items: { type: 'array' } }),
    text: (v) => {
      const p = v as ResponseOf<'agent:getPlan'>;
      return [
        `${p.title} (revision ${p.approvedRevision})`,
        ...p.items.map((i) => `${i.order}. ${i.title} [${i.storyId}]`),
      ].join('\n');
    },
  },
];
