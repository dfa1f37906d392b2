/**
 * Spec Kit: `specs/NNN-<name>/{spec.md, plan.md, tasks.md}`, one feature folder per sprint. Stories are
 * "User Story N - Title (Priority: Pn)" with numbered acceptance scenarios (Given/When/Then bolded where the
 * criterion has that shape), criteria also listed as FR-### requirements, tasks `- [ ] T001 [P] [US1] …`.
 */
import { slugOf } from '../../../shared/slug';
import type { SpecBundle, SpecStory } from '../bundle';
import { pad, tiers } from '../graph';
import type { SpecFiles } from '../imported';
import { readSprintMark, sprintMark, storyMark } from '../markers';
import { oneLine, paragraph, parseGwt } from '../text';

/** "Given a, when b, then c" with its keywords bolded as written, so reading back gives the same text. */
export function scenarioText(text: string): string {
  const line = oneLine(text);
  if (!parseGwt(line)) return line;
  return line.replace(/^(\s*)(given|when)\b/i, '$1**$2**').replace(/(,?\s+)(when|then)\b/gi, '$1**$2**');
}

/** The feature folder: the one an earlier export of this sprint wrote, else the next free number. */
export function featureFolder(bundle: SpecBundle, previous: SpecFiles): string {
  const numbers: number[] = [];
  for (const [path, text] of previous) {
    const m = /^specs\/((\d{3,})-[^/]+)\/spec\.md$/.exec(path);
    if (!m) continue;
    if (readSprintMark(text) === bundle.sprint.id) return m[1]!;
    numbers.push(Number(m[2]));
  }
  return `${pad(Math.max(0, ...numbers) + 1, 3)}-${slugOf(bundle.sprint.title, 40)}`;
}

const verifyLine = (bundle: SpecBundle, s: SpecStory) =>
  `\`puffin verify --project . --sprint ${bundle.sprint.id}\` passes the assertions of ${s.shortId}.`;

function spec(bundle: SpecBundle, folder: string): string {
  const tier = tiers(bundle.stories);
  const lines = [
    `# Feature Specification: ${oneLine(bundle.sprint.title)}`,
    '',
    `**Feature Branch**: \`${folder}\``,
    `**Created**: ${bundle.sprint.createdAt.slice(0, 10)}`,
    '**Status**: Draft',
    `**Input**: The sprint "${oneLine(bundle.sprint.title)}" planned in Puffin`,
    '',
    sprintMark(bundle.sprint.id),
    '',
    '## User Scenarios & Testing *(mandatory)*',
  ];
  bundle.stories.forEach((s, i) => {
    lines.push('', `### User Story ${i + 1} - ${oneLine(s.title)} (Priority: P${tier.get(s.id) ?? 1})`, '');
    lines.push(storyMark(s.id, s.updatedAt), '', paragraph(s.description, '(no description)'), '');
    lines.push(`**Why this priority**: ${whyTier(tier.get(s.id) ?? 1)}`, '');
    lines.push(`**Independent Test**: ${verifyLine(bundle, s)}`, '', '**Acceptance Scenarios**:', '');
    s.criteria.forEach((c, k) => lines.push(`${k + 1}. ${scenarioText(c.text)}`));
    lines.push('', '---');
  });
  lines.push('', '## Requirements *(mandatory)*', '', '### Functional Requirements', '');
  let fr = 0;
  bundle.stories.forEach((s, i) =>
    s.criteria.forEach((c) =>
      lines.push(`- **FR-${pad(++fr, 3)}**: ${oneLine(c.text)} (User Story ${i + 1}, ${c.id})`),
    ),
  );
  lines.push('', '## Success Criteria *(mandatory)*', '', '### Measurable Outcomes', '');
  lines.push('- **SC-001**: Every acceptance scenario is proven by its assertions: `puffin verify` passes.');
  return `${lines.join('\n')}\n`;
}

function whyTier(tier: number): string {
  return tier === 1
    ? 'It depends on no other story of this feature.'
    : `It builds on stories of priority P${tier - 1}.`;
}

function plan(bundle: SpecBundle, folder: string): string {
  const lines = [
    `# Implementation Plan: ${oneLine(bundle.sprint.title)}`,
    '',
    `**Branch**: \`${folder}\` | **Spec**: [spec.md](./spec.md)`,
    '',
    '## Summary',
    '',
    `${bundle.stories.length} user stories, in the order Puffin's plan implements them.`,
    '',
    '## Project Structure',
    '',
    '### Source Code',
    '',
  ];
  const files = [...new Set(bundle.stories.flatMap((s) => s.files))];
  lines.push(...(files.length ? files.map((f) => `- \`${f}\``) : ['- (no files planned yet)']));
  bundle.stories.forEach((s, i) => {
    lines.push('', `### US${i + 1} - ${oneLine(s.title)}`, '', paragraph(s.approach, '(not planned yet)'));
    const deps = s.dependsOn.map((d) => `US${bundle.stories.findIndex((x) => x.id === d) + 1}`);
    if (deps.length) lines.push('', `Depends on: ${deps.join(', ')}`);
  });
  return `${lines.join('\n')}\n`;
}

function tasks(bundle: SpecBundle, folder: string): string {
  const tier = tiers(bundle.stories);
  const lines = [
    `# Tasks: ${oneLine(bundle.sprint.title)}`,
    '',
    `**Input**: Design documents from \`/specs/${folder}/\``,
  ];
  let t = 0;
  bundle.stories.forEach((s, i) => {
    const us = `US${i + 1}`;
    const box = s.status === 'done' ? 'X' : ' ';
    const parallel = s.dependsOn.length === 0 ? ' [P]' : '';
    lines.push(
      '',
      `## Phase ${i + 1}: User Story ${i + 1} - ${oneLine(s.title)} (Priority: P${tier.get(s.id) ?? 1})`,
    );
    lines.push('', `**Independent Test**: ${verifyLine(bundle, s)}`, '');
    const where = s.files.length ? ` in ${s.files.join(', ')}` : '';
    if (s.approach)
      lines.push(`- [${box}] T${pad(++t, 3)}${parallel} [${us}] ${oneLine(s.approach)}${where}`);
    for (const c of s.criteria)
      lines.push(`- [${box}] T${pad(++t, 3)}${parallel} [${us}] Make ${c.id} pass: ${oneLine(c.text)}`);
  });
  return `${lines.join('\n')}\n`;
}

export function writeSpecKit(bundle: SpecBundle, previous: SpecFiles): Map<string, string> {
  const folder = featureFolder(bundle, previous);
  return new Map([
    [`specs/${folder}/spec.md`, spec(bundle, folder)],
    [`specs/${folder}/plan.md`, plan(bundle, folder)],
    [`specs/${folder}/tasks.md`, tasks(bundle, folder)],
  ]);
}
