/** The resource `puffin://story/{id}`: a story as markdown (story, criteria, plan item, RIS, assertions). */
import type { AgentStory } from '../shared/ipc/agentChannels';

const PREFIX = 'puffin://story/';

export const STORY_TEMPLATE = {
  uriTemplate: `${PREFIX}{id}`,
  name: 'story',
  description: 'A Puffin story as markdown: criteria, plan item, RIS and assertions.',
  mimeType: 'text/markdown',
};

export const storyUri = (id: string): string => `${PREFIX}${encodeURIComponent(id)}`;

/** The story id (or short id) a URI names, or null when it names none. */
export function storyIdOfUri(uri: string): string | null {
  if (!uri.startsWith(PREFIX)) return null;
  try {
    const id = decodeURIComponent(uri.slice(PREFIX.length));
    return id === '' || id.includes('/') ? null : id;
  } catch {
    return null;
  }
}

export function storyMarkdown(s: AgentStory): string {
  const out = [
    `# ${s.title}`,
    '',
    `${s.shortId} · ${s.id} · ${s.status} · ${s.verdict}`,
    '',
    s.description,
    '',
  ];
  out.push('## Acceptance criteria', '', ...s.acceptanceCriteria.map((c) => `- ${c}`), '');
  if (s.planItem) {
    const p = s.planItem;
    out.push(`## Plan item ${p.order} (${p.complexity})`, '', p.approach, '');
    if (p.filesCreated.length) out.push(`Creates: ${p.filesCreated.join(', ')}`);
    if (p.filesModified.length) out.push(`Modifies: ${p.filesModified.join(', ')}`);
    if (p.dependencies.length) out.push(`Depends on: ${p.dependencies.join(', ')}`);
    out.push('');
  }
  if (s.ris) out.push('## Ready-to-implement spec', '', s.ris, '');
  out.push('## Assertions', '');
  if (s.assertions.length === 0) out.push('None yet: nothing can prove this story done.');
  for (const a of s.assertions)
    out.push(`- \`${a.id}\` ${a.type} ${a.target}: ${a.message} (${a.last ? a.last.status : 'not run'})`);
  return `${out.join('\n')}\n`;
}
