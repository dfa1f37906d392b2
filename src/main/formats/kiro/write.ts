/**
 * Kiro: `.kiro/specs/<name>/{requirements.md, design.md, tasks.md}`, one spec per sprint. Each story is
 * "Requirement N" with its user story and numbered acceptance criteria (cited as N.M); each task cites the
 * criteria it satisfies with `_Requirements: N.M_`. Criteria are written as the story has them (EARS when the
 * team writes EARS).
 */
import { slugOf } from '../../../shared/slug';
import type { SpecBundle } from '../bundle';
import type { SpecFiles } from '../imported';
import { readSprintMark, sprintMark, storyMark } from '../markers';
import { oneLine, paragraph } from '../text';

/** The spec folder: the one an earlier export of this sprint wrote, else a new name from the sprint's title. */
export function specFolder(bundle: SpecBundle, previous: SpecFiles): string {
  for (const [path, text] of previous) {
    const m = /^\.kiro\/specs\/([^/]+)\/requirements\.md$/.exec(path);
    if (m && readSprintMark(text) === bundle.sprint.id) return m[1]!;
  }
  return slugOf(bundle.slug, 60);
}

function requirements(bundle: SpecBundle): string {
  const lines = [
    '# Requirements Document',
    '',
    sprintMark(bundle.sprint.id),
    '',
    '## Introduction',
    '',
    `${oneLine(bundle.sprint.title)}: ${bundle.stories.length} user stories planned in Puffin, each proven done by ` +
      'its assertions (`puffin verify`).',
    '',
    '## Requirements',
  ];
  bundle.stories.forEach((s, i) => {
    lines.push('', `### Requirement ${i + 1}: ${oneLine(s.title)}`, '', storyMark(s.id, s.updatedAt), '');
    lines.push(
      `**User Story:** ${paragraph(s.description, '(no description)')}`,
      '',
      '#### Acceptance Criteria',
      '',
    );
    s.criteria.forEach((c, k) => lines.push(`${k + 1}. ${oneLine(c.text)}`));
  });
  return `${lines.join('\n')}\n`;
}

function design(bundle: SpecBundle): string {
  const lines = [
    '# Design Document',
    '',
    '## Overview',
    '',
    `How the stories of "${oneLine(bundle.sprint.title)}" are built, in plan order.`,
  ];
  bundle.stories.forEach((s, i) => {
    lines.push(
      '',
      `### Requirement ${i + 1}: ${oneLine(s.title)}`,
      '',
      paragraph(s.approach, '(not planned yet)'),
    );
    if (s.files.length) lines.push('', ...s.files.map((f) => `- \`${f}\``));
  });
  return `${lines.join('\n')}\n`;
}

function tasks(bundle: SpecBundle): string {
  const lines = ['# Implementation Plan', ''];
  bundle.stories.forEach((s, i) => {
    const n = i + 1;
    lines.push(`- [${s.status === 'done' ? 'x' : ' '}] ${n}. ${oneLine(s.title)}`);
    if (s.approach) lines.push(`  - ${oneLine(s.approach)}`);
    if (s.files.length) lines.push(`  - Files: ${s.files.join(', ')}`);
    const cited = s.criteria.map((_, k) => `${n}.${k + 1}`);
    if (cited.length) lines.push(`  - _Requirements: ${cited.join(', ')}_`);
    lines.push('');
  });
  return `${lines.join('\n').trimEnd()}\n`;
}

export function writeKiro(bundle: SpecBundle, previous: SpecFiles): Map<string, string> {
  const root = `.kiro/specs/${specFolder(bundle, previous)}`;
  return new Map([
    [`${root}/requirements.md`, requirements(bundle)],
    [`${root}/design.md`, design(bundle)],
    [`${root}/tasks.md`, tasks(bundle)],
  ]);
}
