/**
 * Backlog.md: one `backlog/tasks/<id> - <Title>.md` per story with the front matter and sections its CLI reads
 * (description, acceptance criteria between AC markers, implementation plan). Task ids of an earlier export are
 * kept (found by the story mark); new stories take the next free number; `backlog/config.yml` is written only when
 * the folder has none, so an existing Backlog.md project keeps its settings.
 */
import { stringify } from 'yaml';
import type { SpecBundle, SpecStory } from '../bundle';
import type { SpecFiles } from '../imported';
import { readStoryMark, storyMark } from '../markers';
import { oneLine, paragraph } from '../text';

const STATUS: Record<SpecStory['status'], string> = {
  pending: 'To Do',
  in_progress: 'In Progress',
  done: 'Done',
  archived: 'Done',
};

const fileTitle = (title: string) =>
  oneLine(title)
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);

/** Each story's task id: kept from an earlier export, else the next number after every task already there. */
function taskIds(bundle: SpecBundle, previous: SpecFiles): Map<string, { id: string; old?: string }> {
  const known = new Map<string, { id: string; path: string }>();
  let max = 0;
  for (const [path, text] of previous) {
    const m = /^backlog\/(?:tasks|completed|archive\/tasks)\/([a-z]+)-(\d+)/i.exec(path);
    if (!m) continue;
    max = Math.max(max, Number(m[2]));
    const mark = readStoryMark(text);
    if (mark) known.set(mark.id, { id: `${m[1]!.toUpperCase()}-${m[2]}`, path });
  }
  const out = new Map<string, { id: string; old?: string }>();
  for (const s of bundle.stories) {
    const was = known.get(s.id);
    out.set(s.id, was ? { id: was.id, old: was.path } : { id: `TASK-${++max}` });
  }
  return out;
}

function task(bundle: SpecBundle, s: SpecStory, ids: Map<string, { id: string }>, rank: number): string {
  const front = {
    id: ids.get(s.id)!.id,
    title: oneLine(s.title),
    status: STATUS[s.status],
    assignee: [],
    created_date: `${s.updatedAt.slice(0, 10)} ${s.updatedAt.slice(11, 16)}`,
    // The sprint's id as a label: an import puts the tasks back in that sprint.
    labels: ['puffin', bundle.sprint.id, s.shortId],
    dependencies: s.dependsOn.map((d) => ids.get(d)?.id).filter((d): d is string => Boolean(d)),
    priority: rank === 0 ? 'high' : rank < 3 ? 'medium' : 'low',
    ordinal: (bundle.stories.indexOf(s) + 1) * 1000,
  };
  const lines = [
    '---',
    stringify(front).trimEnd(),
    '---',
    '',
    '## Description',
    '',
    '<!-- SECTION:DESCRIPTION:BEGIN -->',
    paragraph(s.description, '(no description)'),
    storyMark(s.id, s.updatedAt),
    '<!-- SECTION:DESCRIPTION:END -->',
    '',
    '## Acceptance Criteria',
    '<!-- AC:BEGIN -->',
    ...s.criteria.map((c, k) => `- [${s.status === 'done' ? 'x' : ' '}] #${k + 1} ${oneLine(c.text)}`),
    '<!-- AC:END -->',
  ];
  if (s.approach || s.files.length) {
    lines.push('', '## Implementation Plan', '', '<!-- SECTION:PLAN:BEGIN -->');
    if (s.approach) lines.push(s.approach.trim());
    if (s.files.length) lines.push('', ...s.files.map((f) => `- \`${f}\``));
    lines.push('<!-- SECTION:PLAN:END -->');
  }
  return `${lines.join('\n')}\n`;
}

const CONFIG = (title: string) =>
  stringify({
    project_name: title,
    default_status: 'To Do',
    statuses: ['To Do', 'In Progress', 'Done'],
    labels: [],
    date_format: 'yyyy-mm-dd',
    auto_commit: false,
    check_active_branches: false,
    task_prefix: 'task',
  });

/** The files to write, and the files of an earlier export to remove (a story renamed since changes its file name). */
export function writeBacklogMd(bundle: SpecBundle, previous: SpecFiles): Map<string, string | null> {
  const ids = taskIds(bundle, previous);
  const files = new Map<string, string | null>();
  // A config of the user's own is theirs; the one an earlier export wrote is rewritten (so reported unchanged).
  const config = CONFIG(oneLine(bundle.sprint.title));
  const existing = previous.get('backlog/config.yml');
  if (existing === undefined || existing === config) files.set('backlog/config.yml', config);
  const tier = new Map(bundle.stories.map((s, i) => [s.id, Math.min(i, s.dependsOn.length)]));
  for (const s of bundle.stories) {
    const { id, old } = ids.get(s.id)!;
    const path = `backlog/tasks/${id.toLowerCase()} - ${fileTitle(s.title) || 'story'}.md`;
    if (old && old !== path) files.set(old, null);
    files.set(path, task(bundle, s, ids, tier.get(s.id) ?? 0));
  }
  return files;
}
