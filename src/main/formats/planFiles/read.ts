/**
 * Plan files agents leave behind, read as a sprint plan draft: a Cursor `*.plan.md` (front matter `name`,
 * `overview`, `todos: [{id, content, status}]`) or a Claude Code plan (`~/.claude/plans/*.md`: a markdown
 * document whose numbered steps, or else its second-level sections, are the work). Each step becomes a story with
 * the step's text as its plan item; nothing is approved until the user reviews the plan.
 */
import { parse } from 'yaml';
import { malformed, type ImportedSpec, type ImportedStory, type SpecFiles } from '../imported';
import { headline, oneLine, sections } from '../text';

const MAX_STEPS = 100;

/** Paths the text names in backticks (`src/a.ts`): the step's planned files. */
function namedFiles(text: string): string[] {
  const found = [...text.matchAll(/`([\w./-]+\.[A-Za-z0-9]+)`/g)].map((m) => m[1]!);
  return [...new Set(found)].filter((f) => !f.startsWith('/') && !f.includes('..')).slice(0, 100);
}

function step(file: string, text: string, detail = ''): ImportedStory {
  const body = [text, detail].filter(Boolean).join('\n').trim();
  return {
    title: headline(text.replace(/^\*\*(.+?)\*\*:?/, '$1'), 120),
    description: body,
    criteria: [],
    file,
    approach: body,
    files: namedFiles(body),
  };
}

function readCursor(file: string, text: string): ImportedSpec {
  const end = text.indexOf('\n---', 3);
  if (!text.startsWith('---') || end < 0)
    throw malformed(file, 1, 'a Cursor plan starts with front matter between --- lines');
  let data: { name?: unknown; overview?: unknown; todos?: unknown };
  try {
    data = (parse(text.slice(3, end)) ?? {}) as typeof data;
  } catch (err) {
    const line = (err as { linePos?: { line: number }[] }).linePos?.[0]?.line ?? 1;
    throw malformed(
      file,
      line + 1,
      `the front matter is not valid YAML (${(err as Error).message.split('\n')[0]})`,
    );
  }
  if (!Array.isArray(data.todos) || data.todos.length === 0)
    throw malformed(file, 2, 'the front matter has no todos (a list of {id, content, status})');
  const stories = data.todos.slice(0, MAX_STEPS).map((todo, i) => {
    const content = (todo as { content?: unknown } | null)?.content;
    if (typeof content !== 'string' || !content.trim())
      throw malformed(file, 2, `todo ${i + 1} has no content`);
    return step(file, content.trim());
  });
  const name = typeof data.name === 'string' && data.name.trim() ? data.name.trim() : file;
  const overview = typeof data.overview === 'string' ? data.overview.trim() : '';
  return { sprint: { title: name }, stories, planDraft: { source: file, overview } };
}

function readClaude(file: string, text: string): ImportedSpec {
  const lines = text.split('\n');
  const title = /^#\s+(?:Plan:\s*)?(.+)$/m.exec(text)?.[1]?.trim() ?? file.replace(/\.md$/, '');
  const numbered: ImportedStory[] = [];
  let current: { text: string; detail: string[] } | undefined;
  const flush = () => current && numbered.push(step(file, current.text, current.detail.join('\n')));
  for (const line of lines) {
    const top = /^(\d+)[.)]\s+(.*)$/.exec(line);
    if (top) {
      flush();
      current = { text: top[2]!.trim(), detail: [] };
    } else if (current && /^\s+\S/.test(line)) current.detail.push(line.trim());
    else if (current && /^#/.test(line)) {
      flush();
      current = undefined;
    }
  }
  flush();
  const stories =
    numbered.length > 0
      ? numbered
      : sections(lines, 2)
          .slice(1)
          .map((s) => step(file, s.title, s.body.join('\n').trim()));
  if (stories.length === 0)
    throw malformed(file, 1, 'no numbered steps and no "## " sections: nothing to plan');
  const firstPara = sections(lines, 2)[0]!
    .body.filter((l) => !l.startsWith('#'))
    .join('\n')
    .trim();
  return {
    sprint: { title },
    stories: stories.slice(0, MAX_STEPS),
    planDraft: { source: file, overview: oneLine(firstPara) },
  };
}

export const readCursorPlan = (files: SpecFiles): ImportedSpec[] =>
  [...files].filter(([p]) => p.endsWith('.md')).map(([file, text]) => readCursor(file, text));

export const readClaudePlan = (files: SpecFiles): ImportedSpec[] =>
  [...files].filter(([p]) => p.endsWith('.md')).map(([file, text]) => readClaude(file, text));
