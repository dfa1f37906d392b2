/**
 * Reads Backlog.md task files: front matter (title) and the sections its CLI writes; criteria are the items
 * between the AC markers (or under "## Acceptance Criteria" in files written by hand). Every task is a story of
 * one imported sprint, in task number order.
 */
import { parse } from 'yaml';
import { malformed, type ImportedSpec, type ImportedStory, type SpecFiles } from '../imported';
import { readStoryMark, withoutMarks } from '../markers';
import { sections } from '../text';

function frontMatter(
  file: string,
  text: string,
): { data: Record<string, unknown>; body: string; offset: number } {
  if (!text.startsWith('---')) throw malformed(file, 1, 'no front matter (a task file starts with ---)');
  const end = text.indexOf('\n---', 3);
  if (end < 0) throw malformed(file, 1, 'the front matter is not closed with ---');
  try {
    const data = parse(text.slice(3, end)) as unknown;
    if (!data || typeof data !== 'object') throw new Error('not a mapping');
    return {
      data: data as Record<string, unknown>,
      body: text.slice(end + 4),
      offset: text.slice(0, end + 4).split('\n').length - 1,
    };
  } catch (err) {
    const line = (err as { linePos?: { line: number }[] }).linePos?.[0]?.line ?? 1;
    throw malformed(
      file,
      line + 1,
      `the front matter is not valid YAML (${(err as Error).message.split('\n')[0]})`,
    );
  }
}

const between = (body: string, begin: string, end: string): string | undefined => {
  const a = body.indexOf(begin);
  const b = body.indexOf(end);
  return a >= 0 && b > a ? body.slice(a + begin.length, b) : undefined;
};

function readTask(file: string, text: string): ImportedStory & { sprint?: string } {
  const { data, body } = frontMatter(file, text);
  const title = typeof data.title === 'string' ? data.title.trim() : '';
  if (!title) throw malformed(file, 2, 'the front matter has no title');
  const top = sections(body.split('\n'), 2);
  const described =
    between(body, '<!-- SECTION:DESCRIPTION:BEGIN -->', '<!-- SECTION:DESCRIPTION:END -->') ??
    top.find((s) => /^Description$/i.test(s.title))?.body.join('\n') ??
    '';
  const acBlock =
    between(body, '<!-- AC:BEGIN -->', '<!-- AC:END -->') ??
    top.find((s) => /^Acceptance Criteria/i.test(s.title))?.body.join('\n') ??
    '';
  const criteria = acBlock
    .split('\n')
    .map((l) => /^\s*[-*]\s+\[[ xX]\]\s+(?:#\d+\s+)?(.*)$/.exec(l)?.[1]?.trim())
    .filter((c): c is string => Boolean(c));
  const mark = readStoryMark(body);
  const labels = Array.isArray(data.labels) ? data.labels.map(String) : [];
  const sprint = labels.find((l) => /^sprint-/.test(l));
  const key =
    typeof data.id === 'string' || typeof data.id === 'number'
      ? `task:${String(data.id).toUpperCase()}`
      : undefined;
  return {
    ...(sprint ? { sprint } : {}),
    ...(key ? { key } : {}),
    ...(mark ? { id: mark.id, exportedUpdatedAt: mark.updatedAt } : {}),
    title,
    description: withoutMarks(described).trim(),
    criteria,
    file,
  };
}

const number = (path: string) => Number(/([0-9]+)[^/]*$/.exec(path.split('/').pop() ?? '')?.[1] ?? 0);

export function readBacklogMd(files: SpecFiles): ImportedSpec[] {
  const tasks = [...files]
    .filter(([path]) => /(^|\/)tasks\/[^/]+\.md$/.test(path) && !path.includes('/archive/'))
    .sort(([a], [b]) => number(a) - number(b) || a.localeCompare(b));
  const config = [...files].find(([p]) => /(^|\/)config\.yml$/.test(p))?.[1];
  let title = 'Backlog.md tasks';
  if (config) {
    try {
      const name = (parse(config) as { project_name?: unknown } | null)?.project_name;
      if (typeof name === 'string' && name.trim()) title = name.trim();
    } catch {
      // A config Backlog.md itself cannot read does not stop the tasks from being read.
    }
  }
  // Tasks Puffin exported carry their sprint's id as a label; the others make one sprint named after the project.
  const groups = new Map<string, ImportedStory[]>();
  for (const [file, text] of tasks) {
    const { sprint, ...story } = readTask(file, text);
    const own = groups.get(sprint ?? '') ?? [];
    own.push(story);
    groups.set(sprint ?? '', own);
  }
  return [...groups].map(([sprint, stories]) => ({
    sprint: sprint ? { id: sprint, title } : { title },
    stories,
  }));
}
