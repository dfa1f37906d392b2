/** `puffin overlap --junit FILE`: one test case per pair of branches, failing where their work overlaps. */
import type { Overlap } from '../../shared/team';
import { attr, xmlEscape } from '../verify/junit';

function failureText(o: Overlap): string {
  const sprints = (i: 0 | 1) =>
    o.sprints[i].map((s) => `${s.sprintId} (${s.title})`).join(', ') || 'no open sprint';
  return [
    `${o.branches[0]}: ${sprints(0)}`,
    `${o.branches[1]}: ${sprints(1)}`,
    ...o.files.map(
      (f) =>
        `${f.path}: ${f.how[0].join('+')} on ${o.branches[0]}, ${f.how[1].join('+')} on ${o.branches[1]}`,
    ),
  ].join('\n');
}

export function overlapJUnitXml(branches: readonly string[], overlaps: readonly Overlap[]): string {
  const cases: string[] = [];
  for (let i = 0; i < branches.length; i++)
    for (let j = i + 1; j < branches.length; j++) {
      const [a, b] = [branches[i]!, branches[j]!];
      const o = overlaps.find((x) => x.branches[0] === a && x.branches[1] === b);
      const open = `    <testcase${attr('name', `${a} and ${b}`)}${attr('classname', 'puffin.overlap')}${attr('time', '0')}`;
      cases.push(
        o
          ? `${open}>\n      <failure${attr('message', `${o.files.length} file(s) touched on both branches`)}${attr('type', 'overlap')}>${xmlEscape(failureText(o))}</failure>\n    </testcase>`
          : `${open}/>`,
      );
    }
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites${attr('name', 'puffin overlap')}${attr('tests', cases.length)}${attr('failures', overlaps.length)}${attr('errors', 0)}>`,
    `  <testsuite${attr('name', 'puffin overlap')}${attr('tests', cases.length)}${attr('failures', overlaps.length)}${attr('errors', 0)}>`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}
