// JUnit XML for CI systems: one <testsuite> per story, one <testcase> per assertion. Only the elements and attributes
// that the JUnit schema CI tools validate against declares (Jenkins' junit-10.xsd): testcase carries name, classname
// and time; where the assertion points (file:line) goes into the failure text, which every reader shows.
import type { AssertionResult } from '../../shared/assertions';
import { isChecked, type StoryOutcome, type StoryVerification, type VerifyReport } from '../../shared/verify';
import { describeLastPass } from './storyStatus';

// XML 1.0 allows tab, LF, CR and everything from U+0020 except the surrogates and U+FFFE/U+FFFF.
// eslint-disable-next-line no-control-regex -- the control characters are exactly what must be removed
const NOT_XML_CHAR = /[^\x09\x0A\x0D\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

export function xmlEscape(text: string): string {
  return text
    .replace(NOT_XML_CHAR, '\uFFFD')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** Attribute values also keep their newlines and tabs (a parser would fold them to spaces). */
export function attr(name: string, value: string | number): string {
  const escaped = xmlEscape(String(value))
    .replace(/\n/g, '&#10;')
    .replace(/\r/g, '&#13;')
    .replace(/\t/g, '&#9;');
  return ` ${name}="${escaped}"`;
}

/** Seconds with millisecond precision, as the schema's time type (digits, optional fraction). */
export function seconds(ms: number): string {
  return (Math.max(0, ms) / 1000).toFixed(3);
}

function sumMs(results: readonly AssertionResult[]): number {
  return results.reduce((sum, r) => sum + r.durationMs, 0);
}

function failureText(story: StoryVerification, r: AssertionResult): string {
  const lines = [r.reason];
  if (r.location) lines.push(`at ${r.location.file}:${r.location.line}:${r.location.column}`);
  const regression = story.regressions.find((g) => g.assertionId === r.assertionId);
  if (regression) lines.push(`regressed: last passed at ${describeLastPass(regression)}`);
  return lines.join('\n');
}

function testcase(story: StoryVerification, r: AssertionResult, messages: Map<string, string>): string {
  const message = messages.get(r.assertionId);
  const name = message ? `${r.assertionId}: ${message}` : r.assertionId;
  const open = `    <testcase${attr('name', name)}${attr('classname', `puffin.${story.id}`)}${attr('time', seconds(r.durationMs))}`;
  if (r.status === 'pass') return `${open}/>`;
  // A fail is the code not doing what the story says; an error is an assertion that could not be evaluated.
  const element = r.status === 'fail' ? 'failure' : 'error';
  const type = story.regressions.some((g) => g.assertionId === r.assertionId) ? 'regressed' : r.status;
  return [
    `${open}>`,
    `      <${element}${attr('message', r.reason)}${attr('type', type)}>${xmlEscape(failureText(story, r))}</${element}>`,
    '    </testcase>',
  ].join('\n');
}

function testsuite(
  story: StoryVerification,
  report: VerifyReport,
  messages: ReadonlyMap<string, ReadonlyMap<string, string>>,
): string {
  const s = story.summary;
  const props = [
    ['puffin.status', story.status],
    ['puffin.commit', report.commit ?? ''],
  ];
  const open =
    `  <testsuite${attr('name', `${story.id} ${story.title}`.trim())}${attr('id', story.id)}` +
    `${attr('tests', s.total)}${attr('failures', s.failed)}${attr('errors', s.errors)}${attr('skipped', 0)}` +
    `${attr('time', seconds(sumMs(story.results)))}${attr('timestamp', report.startedAt)}>`;
  const storyMessages = new Map(messages.get(story.id) ?? []);
  return [
    open,
    '    <properties>',
    ...props.map(([name, value]) => `      <property${attr('name', name!)}${attr('value', value!)}/>`),
    '    </properties>',
    ...story.results.map((r) => testcase(story, r, storyMessages)),
    '  </testsuite>',
  ].join('\n');
}

/** A story reported by id alone as the empty suite it always was, named with its title from `titles`. */
function asChecked(story: StoryOutcome, titles: ReadonlyMap<string, string>): StoryVerification {
  if (isChecked(story)) return story;
  const summary = { total: 0, passed: 0, failed: 0, errors: 0 };
  return { ...story, title: titles.get(story.id) ?? '', summary, results: [], regressions: [] };
}

/**
 * The report as a JUnit XML document. `messages` maps story id → assertion id → message, for test case names
 * that say what each assertion checks; `titles` maps story id → title for the stories verify reported by id alone.
 */
export function toJUnitXml(
  report: VerifyReport,
  messages: ReadonlyMap<string, ReadonlyMap<string, string>> = new Map(),
  titles: ReadonlyMap<string, string> = new Map(),
): string {
  const s = report.summary;
  const stories = report.stories.map((story) => asChecked(story, titles));
  const totalMs = stories.reduce((sum, story) => sum + sumMs(story.results), 0);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites${attr('name', 'puffin verify')}${attr('tests', s.total)}${attr('failures', s.failed)}` +
      `${attr('errors', s.errors)}${attr('time', seconds(totalMs))}>`,
    ...stories.map((story) => testsuite(story, report, messages)),
    '</testsuites>',
    '',
  ].join('\n');
}
