/**
 * OpenSpec: one change folder per sprint, `openspec/changes/<change>/` with `proposal.md`, `tasks.md` and one
 * delta spec per story (`specs/<story>/spec.md`) whose requirements are the story's criteria, each with a
 * WHEN/THEN scenario, as `openspec validate --strict` expects (a requirement says SHALL or MUST).
 */
import type { SpecBundle, SpecStory } from '../bundle';
import { slugOf } from '../../../shared/slug';
import { sprintMark, storyMark } from '../markers';
import { headline, oneLine, paragraph, parseGwt } from '../text';

/** What the requirement text gets when the criterion does not say SHALL or MUST itself (removed on import). */
export const SHALL_PREFIX = 'The system SHALL meet this criterion: ';

export const changeName = (bundle: SpecBundle): string => `puffin-${bundle.slug}`;
export const capabilityName = (story: SpecStory): string =>
  `${slugOf(story.title, 40)}-${story.id.replace(/-/g, '').slice(0, 8).toLowerCase()}`;

export function requirementText(criterion: string): string {
  const text = oneLine(criterion);
  return /\b(SHALL|MUST)\b/.test(text) ? text : `${SHALL_PREFIX}${text}`;
}

function scenario(id: string, text: string): string[] {
  const gwt = parseGwt(text);
  const lines = [`#### Scenario: ${id}`];
  if (gwt?.given) lines.push(`- **GIVEN** ${gwt.given}`);
  lines.push(`- **WHEN** ${gwt ? gwt.when : 'the story is implemented'}`);
  lines.push(`- **THEN** ${gwt ? gwt.then : oneLine(text)}`);
  return lines;
}

function storySpec(story: SpecStory): string {
  const lines = [
    `# ${oneLine(story.title)} (${story.shortId})`,
    '',
    storyMark(story.id, story.updatedAt),
    '',
    paragraph(story.description, '(no description)'),
    '',
    '## ADDED Requirements',
  ];
  story.criteria.forEach((c) => {
    lines.push('', `### Requirement: ${c.id} ${headline(c.text)}`, requirementText(c.text));
    lines.push('', ...scenario(c.id, c.text));
  });
  if (story.criteria.length === 0)
    lines.push(
      '',
      '### Requirement: Story',
      `${SHALL_PREFIX}${oneLine(story.title)}`,
      '',
      ...scenario('Story', story.title),
    );
  return `${lines.join('\n')}\n`;
}

function proposal(bundle: SpecBundle): string {
  const lines = [
    `# Change: ${oneLine(bundle.sprint.title)}`,
    '',
    sprintMark(bundle.sprint.id),
    '',
    '## Why',
    `This change carries the sprint "${oneLine(bundle.sprint.title)}" planned in Puffin: ${bundle.stories.length} ` +
      'user stories, each proven done by its assertions (`puffin verify`).',
    '',
    '## What Changes',
    ...bundle.stories.map((s) => `- ${oneLine(s.title)} (${s.shortId})`),
    '',
    '## Impact',
    `- Affected specs: ${bundle.stories.map(capabilityName).join(', ') || 'none'}`,
  ];
  const files = [...new Set(bundle.stories.flatMap((s) => s.files))];
  if (files.length > 0) lines.push(`- Affected code: ${files.join(', ')}`);
  return `${lines.join('\n')}\n`;
}

function tasks(bundle: SpecBundle): string {
  const lines: string[] = [];
  bundle.stories.forEach((s, i) => {
    const n = i + 1;
    if (i > 0) lines.push('');
    lines.push(`## ${n}. ${oneLine(s.title)} (${s.shortId})`);
    const done = s.status === 'done' ? 'x' : ' ';
    const steps = [
      ...(s.approach ? [oneLine(s.approach)] : []),
      ...s.criteria.map((c) => `Make ${c.id} pass: ${oneLine(c.text)}`),
    ];
    if (steps.length === 0) steps.push(`Implement ${oneLine(s.title)}`);
    steps.forEach((step, k) => lines.push(`- [${done}] ${n}.${k + 1} ${step}`));
  });
  return `${lines.join('\n')}\n`;
}

export function writeOpenSpec(bundle: SpecBundle): Map<string, string> {
  const root = `openspec/changes/${changeName(bundle)}`;
  const files = new Map<string, string>([
    [`${root}/proposal.md`, proposal(bundle)],
    [`${root}/tasks.md`, tasks(bundle)],
  ]);
  for (const story of bundle.stories)
    files.set(`${root}/specs/${capabilityName(story)}/spec.md`, storySpec(story));
  return files;
}
