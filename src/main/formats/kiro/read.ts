/**
 * Reads Kiro specs: each `requirements.md` is a sprint, each "### Requirement N" a story, its user story the
 * description and its numbered acceptance criteria the criteria.
 */
import { malformed, type ImportedSpec, type ImportedStory, type SpecFiles } from '../imported';
import { readSprintMark, readStoryMark, withoutMarks } from '../markers';
import { sections } from '../text';

function readRequirement(file: string, title: string, line: number, body: string[]): ImportedStory {
  const m = /^Requirement\s+\d+(?:\s*[:.-]\s*(.*))?$/i.exec(title);
  if (!m) throw malformed(file, line, `"### ${title}" is not "Requirement N: Title"`);
  const text = body.join('\n');
  const at = body.findIndex((l) => /^####\s+Acceptance Criteria/i.test(l.trim()));
  const head = withoutMarks((at < 0 ? body : body.slice(0, at)).join('\n')).trim();
  const userStory = /\*\*User Story:?\*\*:?\s*([\s\S]*)$/i.exec(head)?.[1]?.trim() ?? head;
  const criteria = (at < 0 ? [] : body.slice(at + 1))
    .map((l) => /^\s*\d+(?:\.\d+)*\.?\s+(.*)$/.exec(l)?.[1]?.trim())
    .filter((c): c is string => Boolean(c));
  const mark = readStoryMark(text);
  return {
    ...(mark ? { id: mark.id, exportedUpdatedAt: mark.updatedAt } : {}),
    // Kiro's own files often say only "Requirement 1": the user story's first words name it then.
    title: m[1]?.trim() || userStory.split(/[.,\n]/)[0]!.slice(0, 80) || title,
    description: userStory,
    criteria,
    file,
  };
}

export function readKiro(files: SpecFiles): ImportedSpec[] {
  return [...files]
    .filter(([path]) => /(^|\/)requirements\.md$/.test(path))
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([file, text]) => {
      const top = sections(text.split('\n'), 2);
      const reqs = top.find((s) => /^Requirements$/i.test(s.title));
      if (!reqs) throw malformed(file, 1, 'no "## Requirements" section');
      const stories = sections(reqs.body, 3)
        .slice(1)
        .map((s) => readRequirement(file, s.title, reqs.line + s.line, s.body));
      const id = readSprintMark(text);
      const folder = file.split('/').slice(-2, -1)[0] ?? 'Imported spec';
      return { sprint: { ...(id ? { id } : {}), title: folder.replace(/-/g, ' ') }, stories };
    });
}
