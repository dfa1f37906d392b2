/**
 * A sprint as one markdown file in the project (`docs/puffin/<slug>.md`): stories, answered questions, the
 * approved plan, RIS and assertions. Deterministic: everything is ordered by the sprint's story order or the
 * plan's own order, and the only timestamp is the approval time, so re-exporting an unchanged sprint gives an
 * identical file (clean diffs when the file is committed).
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Assertion } from '../../shared/assertions';
import type { Plan, SprintDetail } from '../../shared/plans';
import type { Story } from '../../shared/stories';
import { removeFile, writeFileAtomic } from '../base/atomicFile';
import { requireInsideProject } from '../base/insideProject';

export const EXPORT_DIR = join('docs', 'puffin');

/** First line of every export: how a later export of the same sprint recognises the file as its own. */
function marker(sprintId: string): string {
  return `<!-- puffin:sprint-export ${encodeURIComponent(sprintId)} -->`;
}

/** `<title words>-<first 8 id characters>`: readable, and distinct for two sprints with one title. */
export function sprintSlug(title: string, id: string): string {
  const words = title
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 60)
    .replace(/^-+|-+$/g, '');
  const suffix = idSuffix(id);
  return [words || 'sprint', suffix].filter(Boolean).join('-');
}

function idSuffix(id: string): string {
  return id
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .slice(0, 8);
}

/**
 * Writes the export atomically and returns its absolute path. Regenerating overwrites it; when the sprint
 * was renamed, its previous export (same id suffix and marker) is removed so one sprint has one file.
 */
export async function writeSprintExport(projectDir: string, detail: SprintDetail): Promise<{ path: string }> {
  const dir = join(projectDir, EXPORT_DIR);
  const name = `${sprintSlug(detail.sprint.title, detail.sprint.id)}.md`;
  const path = join(dir, name);
  // docs/ (or docs/puffin/, or the file) may be a symbolic link leading out of the project: never write there.
  await requireInsideProject(projectDir, path);
  await writeFileAtomic(path, sprintMarkdown(detail));
  const suffix = idSuffix(detail.sprint.id);
  if (suffix) {
    const own = marker(detail.sprint.id);
    for (const other of await readdir(dir)) {
      if (other === name || !other.endsWith(`-${suffix}.md`)) continue;
      const text = await readFile(join(dir, other), 'utf8').catch(() => '');
      if (text.split('\n', 1)[0] === own) await removeFile(join(dir, other));
    }
  }
  return { path };
}

export function sprintMarkdown(detail: SprintDetail): string {
  const { sprint } = detail;
  const ctx = new Ctx(detail);
  const shown = shownPlan(detail);
  const out: string[] = [marker(sprint.id), '', `# ${inline(sprint.title)}`, ''];
  out.push(`- Sprint: ${code(sprint.id)}`, `- Status: ${sprint.status}`, '');
  out.push(...storiesSection(ctx), ...questionsSection(ctx), ...planSection(ctx, shown));
  out.push(...risSection(ctx), ...assertionsSection(ctx));
  // One blank line between blocks even when a block is empty (embedded text is one element, so untouched).
  const lines = out.filter((line, i) => line !== '' || out[i - 1] !== '');
  return `${lines.join('\n').trimEnd()}\n`;
}

/** Lookups shared by the sections: stories by id and the sprint's story order. */
class Ctx {
  readonly stories: Story[];
  private readonly byId: Map<string, Story>;
  private readonly rank: Map<string, number>;

  constructor(readonly detail: SprintDetail) {
    this.byId = new Map(detail.stories.map((s) => [s.id, s]));
    this.rank = new Map(detail.sprint.storyIds.map((id, i) => [id, i]));
    this.stories = this.sorted(detail.stories, (s) => s.id);
  }

  /** Sprint story order first; anything else after, by id (never by input order, which may vary). */
  sorted<T>(list: readonly T[], id: (x: T) => string): T[] {
    const r = (x: T): number => this.rank.get(id(x)) ?? Number.MAX_SAFE_INTEGER;
    return [...list].sort((a, b) => r(a) - r(b) || compare(id(a), id(b)));
  }

  label(storyId: string): string {
    const s = this.byId.get(storyId);
    return s ? `${inline(s.title)} (${code(storyId)})` : code(storyId);
  }
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function storiesSection(ctx: Ctx): string[] {
  const out = ['## Stories', ''];
  if (ctx.stories.length === 0) out.push('_No stories._', '');
  ctx.stories.forEach((s, i) => {
    out.push(`### ${i + 1}. ${inline(s.title)}`, '', `Story ${code(s.id)} · ${s.status}`, '');
    out.push(block(s.description, 4), '', '**Acceptance criteria**', '');
    s.acceptanceCriteria.forEach((c, n) => out.push(`${n + 1}. ${inline(c)}`));
    out.push('');
  });
  return out;
}

function questionsSection(ctx: Ctx): string[] {
  const out = ['## Questions and answers', ''];
  const q = ctx.detail.questions;
  const answered = q ? q.questions.filter((x) => (q.answers[x.id] ?? '').trim() !== '') : [];
  if (!q || answered.length === 0) return [...out, '_No answered questions._', ''];
  const byStory = new Map<string, typeof answered>();
  for (const x of ctx.sorted(answered, (x) => x.storyId)) {
    byStory.set(x.storyId, [...(byStory.get(x.storyId) ?? []), x]);
  }
  for (const [storyId, list] of byStory) {
    out.push(`### ${ctx.label(storyId)}`, '');
    // Within a story: the analysis' own order (sorted() is stable), so the export follows the panel.
    for (const x of list) {
      out.push(`- **Q (${x.priority}):** ${inline(x.question)}`, `  **A:** ${inline(q.answers[x.id]!)}`);
    }
    out.push('');
  }
  return out;
}

interface ShownPlan {
  plan: Plan | null;
  label: string;
}

/** The approved revision when there is one; otherwise the current revision, clearly marked as a draft. */
function shownPlan(detail: SprintDetail): ShownPlan {
  const sp = detail.plan;
  if (!sp || sp.revisions.length === 0) return { plan: null, label: 'No plan yet.' };
  const { approved } = sp;
  const rev = approved && sp.revisions.find((r) => r.number === approved.revision);
  if (approved && rev) return { plan: rev.plan, label: `Revision ${rev.number}, approved ${approved.at}` };
  const current = sp.revisions.find((r) => r.number === sp.current) ?? sp.revisions[sp.revisions.length - 1]!;
  return { plan: current.plan, label: `Not approved: draft revision ${current.number}` };
}

function planSection(ctx: Ctx, shown: ShownPlan): string[] {
  const out = ['## Plan', '', `${shown.label}`, ''];
  const plan = shown.plan;
  if (!plan) return out;
  const items = plan.planItems
    .map((item, i) => ({ item, i }))
    .sort((a, b) => a.item.order - b.item.order || a.i - b.i);
  out.push('### Items', '');
  for (const { item } of items) {
    const deps = item.dependencies.length ? item.dependencies.map((d) => ctx.label(d)).join(', ') : 'none';
    out.push(`#### ${item.order}. ${inline(item.title)}`, '');
    out.push(`Story: ${ctx.label(item.storyId)} · Complexity: ${item.complexity} · Depends on: ${deps}`, '');
    out.push(block(item.approach, 5), '');
    const files = [
      ...item.filesCreated.map((f) => ['create', code(f)]),
      ...item.filesModified.map((f) => ['modify', code(f)]),
    ];
    if (files.length) out.push(...table(['Change', 'File'], files), '');
    if (item.notes.trim()) out.push(`**Notes:** ${block(item.notes, 5)}`, '');
  }
  out.push('### Shared components', '');
  out.push(
    ...(plan.sharedComponents.length
      ? table(
          ['Path', 'Purpose', 'Used by'],
          plan.sharedComponents.map((c) => [code(c.path), cell(c.purpose), c.usedBy.map(code).join(', ')]),
        )
      : ['_None._']),
    '',
    '### Risks',
    '',
    ...(plan.risks.length
      ? table(
          ['Risk', 'Impact', 'Mitigation'],
          plan.risks.map((r) => [cell(r.description), r.impact, cell(r.mitigation)]),
        )
      : ['_None._']),
    '',
    '### Implementation order',
    '',
  );
  plan.implementationOrder.forEach((id, i) => out.push(`${i + 1}. ${ctx.label(id)}`));
  out.push('');
  return out;
}

function risSection(ctx: Ctx): string[] {
  const out = ['## Ready-to-implement specs (RIS)', ''];
  const ris = ctx.sorted(ctx.detail.ris, (r) => r.storyId);
  if (ris.length === 0) out.push('_No RIS yet._', '');
  for (const r of ris) out.push(`### ${ctx.label(r.storyId)}`, '', block(r.markdown, 4), '');
  return out;
}

function assertionsSection(ctx: Ctx): string[] {
  const out = ['## Assertions', ''];
  const sets = ctx.sorted(ctx.detail.assertions, (a) => a.storyId);
  if (sets.length === 0) out.push('_No assertions yet._', '');
  for (const set of sets) {
    out.push(`### ${ctx.label(set.storyId)}`, '', ...assertionTable(set.assertions), '');
    if (set.notDiscriminating.length) {
      out.push(`Already passing before implementation: ${set.notDiscriminating.map(cell).join(', ')}`, '');
    }
  }
  const sprintWide = ctx.detail.sprintAssertions;
  if (sprintWide) {
    out.push('### Sprint assertions', '');
    for (const storyId of ctx.sorted(Object.keys(sprintWide), (id) => id)) {
      out.push(`#### ${ctx.label(storyId)}`, '', ...assertionTable(sprintWide[storyId] ?? []), '');
    }
  }
  return out;
}

function assertionTable(list: Assertion[]): string[] {
  if (list.length === 0) return ['_None._'];
  return table(
    ['ID', 'Type', 'Target', 'Message'],
    list.map((a) => [cell(a.id), a.type, code(a.target), cell(a.message)]),
  );
}

function table(head: string[], rows: string[][]): string[] {
  const line = (cells: string[]): string => `| ${cells.join(' | ')} |`;
  return [line(head), line(head.map(() => '---')), ...rows.map(line)];
}

/** Text in a heading, list item or table cell: one line, markdown and HTML characters escaped. */
function inline(s: string): string {
  return s
    .replace(/[\\`*_[\]|]/g, (c) => `\\${c}`)
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\s*\r?\n\s*/g, ' ')
    .trim();
}

/** Table cell text: like inline, but line breaks are kept as <br>. */
function cell(s: string): string {
  return s
    .split(/\r?\n/)
    .map((line) => inline(line))
    .join('<br>');
}

/**
 * A code span that survives backticks inside (a longer fence) and table pipes (GFM reads `\|` inside a code
 * span in a table as a plain pipe).
 */
function code(s: string): string {
  const flat = s.replace(/\r?\n/g, ' ');
  const longest = Math.max(0, ...(flat.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const pad = flat.startsWith('`') || flat.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${flat.replace(/\|/g, '\\|')}${pad}${fence}`;
}

/**
 * Free markdown (descriptions, approaches, RIS) embedded under a heading: its ATX headings are pushed down so
 * the shallowest becomes `level`, and cannot break the export's outline. Fenced code is left alone.
 */
function block(text: string, level: number): string {
  const lines = text.replace(/\r\n/g, '\n').trim().split('\n');
  let fence: string | null = null;
  const heading = /^ {0,3}(#{1,6})(?=\s|$)/;
  let top = 7;
  for (const line of lines) {
    const f = /^ {0,3}(`{3,}|~{3,})/.exec(line);
    if (f) fence = fence === null ? f[1]! : line.trim().startsWith(fence) ? null : fence;
    else if (fence === null) top = Math.min(top, heading.exec(line)?.[1]?.length ?? 7);
  }
  if (top === 7 || top >= level) return lines.join('\n');
  const shift = level - top;
  fence = null;
  return lines
    .map((line) => {
      const f = /^ {0,3}(`{3,}|~{3,})/.exec(line);
      if (f) {
        fence = fence === null ? f[1]! : line.trim().startsWith(fence) ? null : fence;
        return line;
      }
      if (fence !== null) return line;
      return line.replace(heading, (_m, hashes: string) => '#'.repeat(Math.min(6, hashes.length + shift)));
    })
    .join('\n');
}
