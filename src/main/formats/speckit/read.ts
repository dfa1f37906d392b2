/**
 * Reads Spec Kit feature folders: each `specs/NNN-name/spec.md` is a sprint, each "User Story N - Title" a story,
 * its numbered acceptance scenarios its criteria (bold removed), the text before the first bold label its
 * description.
 */
import { malformed, type ImportedSpec, type ImportedStory, type SpecFiles } from '../imported';
import { readSprintMark, readStoryMark, withoutMarks } from '../markers';
import { sections } from '../text';

const STORY = /^User Story \d+\s*[-–—]\s*(.+?)(?:\s*\(Priority:\s*P\d+\))?\s*$/i;

function readStory(file: string, title: string, line: number, body: string[]): ImportedStory {
  const name = STORY.exec(title)?.[1];
  if (!name) throw malformed(file, line, `"### ${title}" is not "User Story N - Title (Priority: Pn)"`);
  const text = body.join('\n');
  const label = body.findIndex((l) => /^\*\*[^*]+\*\*:?/.test(l.trim()));
  const description = withoutMarks((label < 0 ? body : body.slice(0, label)).join('\n'))
    .replace(/\n---\s*$/, '')
    .trim();
  const start = body.findIndex((l) => /^\*\*Acceptance Scenarios\*\*/i.test(l.trim()));
  const criteria = (start < 0 ? [] : body.slice(start + 1))
    .map((l) => /^\s*\d+\.\s+(.*)$/.exec(l)?.[1])
    .filter((c): c is string => Boolean(c))
    .map((c) => c.replace(/\*\*/g, '').trim());
  const mark = readStoryMark(text);
  return {
    ...(mark ? { id: mark.id, exportedUpdatedAt: mark.updatedAt } : {}),
    title: name,
    description,
    criteria,
    file,
  };
}

function readFeature(file: string, text: string): ImportedSpec {
  const lines = text.split('\n');
  const top = sections(lines, 2);
  const scenarios = top.find((s) => /^User Scenarios/i.test(s.title));
  if (!scenarios) throw malformed(file, 1, 'no "## User Scenarios & Testing" section');
  const stories = sections(scenarios.body, 3)
    .slice(1)
    .map((s) => readStory(file, s.title, scenarios.line + s.line, s.body));
  const title = /^#\s+(?:Feature Specification:\s*)?(.+)$/m.exec(text)?.[1]?.trim() ?? file;
  const id = readSprintMark(text);
  return { sprint: { ...(id ? { id } : {}), title }, stories };
}

export function readSpecKit(files: SpecFiles): ImportedSpec[] {
  return [...files]
    .filter(([path]) => /(^|\/)spec\.md$/.test(path))
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([path, text]) => readFeature(path, text));
}
