/**
 * Reads OpenSpec change folders back: each change is a sprint, each delta spec a story whose ADDED and MODIFIED
 * requirements are its criteria. Works on Puffin's own exports (ids kept) and on changes written by hand or by
 * OpenSpec's own workflow (new stories).
 */
import { malformed, type ImportedSpec, type ImportedStory, type SpecFiles } from '../imported';
import { readSprintMark, readStoryMark, withoutMarks } from '../markers';
import { sections } from '../text';
import { SHALL_PREFIX } from './write';

const CHANGE = /^(?:.*\/)?changes\/([^/]+)\/|^([^/]+)\/(?=proposal\.md|specs\/)/;

/** The change each file belongs to, and its path inside the change. */
function changeOf(path: string): { change: string; rest: string } | undefined {
  if (path.includes('/archive/')) return undefined;
  const m = CHANGE.exec(path);
  if (m) return { change: m[0], rest: path.slice(m[0].length) };
  // The change folder itself was given.
  if (path === 'proposal.md' || path === 'tasks.md' || path.startsWith('specs/'))
    return { change: '', rest: path };
  return undefined;
}

const untitled = (name: string) => name.replace(/-[0-9a-f]{8}$/, '').replace(/-/g, ' ');

function requirementText(file: string, title: string, line: number, body: string[]): string {
  const end = body.findIndex((l) => l.startsWith('#### '));
  const text = (end < 0 ? body : body.slice(0, end))
    .map((l) => l.trim())
    .filter(Boolean)
    .join(' ');
  if (!text) throw malformed(file, line, `the requirement "${title}" has no text before its scenarios`);
  return text.startsWith(SHALL_PREFIX) ? text.slice(SHALL_PREFIX.length) : text;
}

function readStorySpec(file: string, capability: string, text: string): ImportedStory {
  const lines = text.split('\n');
  const top = sections(lines, 2);
  const deltas = top.filter((s) => /^(ADDED|MODIFIED) Requirements$/i.test(s.title));
  if (!top.some((s) => /^(ADDED|MODIFIED|REMOVED|RENAMED) Requirements$/i.test(s.title)))
    throw malformed(file, 1, 'no "## ADDED Requirements" (or MODIFIED, REMOVED, RENAMED) section');
  const criteria: string[] = [];
  for (const delta of deltas) {
    for (const req of sections(delta.body, 3).slice(1)) {
      const name = req.title.replace(/^Requirement:\s*/i, '');
      if (name === req.title)
        throw malformed(file, delta.line + req.line, `"### ${req.title}" is not a requirement`);
      criteria.push(requirementText(file, name, delta.line + req.line, req.body));
    }
  }
  const head = sections(top[0]!.body, 1);
  const h1 = head.length > 1 ? head[1]!.title.replace(/\s*\(PUF-[^)]+\)$/, '') : '';
  const intro = withoutMarks((head.length > 1 ? head[1]!.body : head[0]!.body).join('\n')).trim();
  const mark = readStoryMark(text);
  return {
    ...(mark ? { id: mark.id, exportedUpdatedAt: mark.updatedAt } : {}),
    title: h1 || untitled(capability),
    description: intro,
    criteria,
    file,
  };
}

export function readOpenSpec(files: SpecFiles): ImportedSpec[] {
  const changes = new Map<string, Map<string, string>>();
  for (const [path, text] of files) {
    const at = changeOf(path);
    if (!at) continue;
    const own = changes.get(at.change) ?? new Map<string, string>();
    own.set(at.rest, text);
    changes.set(at.change, own);
  }
  return [...changes].map(([prefix, own]) => {
    const proposal = own.get('proposal.md') ?? '';
    const title =
      /^#\s+(?:Change:\s*)?(.+)$/m.exec(proposal)?.[1]?.trim() ||
      prefix.replace(/\/$/, '').split('/').pop() ||
      'Imported change';
    const sprintId = readSprintMark(proposal);
    // The proposal's "Affected specs" line keeps the sprint's order; other capabilities follow by name.
    const listed = /^-\s*Affected specs:\s*(.+)$/m.exec(proposal)?.[1]?.split(/,\s*/) ?? [];
    const rank = (rest: string) => {
      const i = listed.indexOf(rest.split('/')[1]!);
      return i < 0 ? listed.length : i;
    };
    const stories = [...own]
      .filter(([rest]) => /^specs\/[^/]+\/spec\.md$/.test(rest))
      .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
      .map(([rest, text]) => readStorySpec(`${prefix}${rest}`, rest.split('/')[1]!, text));
    return { sprint: { ...(sprintId ? { id: sprintId } : {}), title }, stories };
  });
}
