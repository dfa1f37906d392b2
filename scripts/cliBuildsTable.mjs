// docs/cli-builds.md from the builds' measurements (scripts/cliBuildsReport.d.mts): an overview with one column per
// build, then one table per build with every scenario. Every cell is read from a report, none is written by hand.
import { compareVersions } from './cliBuildsPlan.mjs';

const UNKNOWN_OPTION = /unknown option '([^']+)'/;
const INVALID_SCHEMA = /--json-schema is not a valid JSON Schema/;

/** A cell: no pipes or line breaks, bounded. */
export function cell(text) {
  const flat = String(text).replace(/\s+/g, ' ').trim().replaceAll('|', '\\|');
  return flat.length > 120 ? `${flat.slice(0, 119)}…` : flat || '—';
}

function row(cells) {
  return `| ${cells.map(cell).join(' | ')} |`;
}

function table(head, rows) {
  return [row(head), row(head.map(() => '---')), ...rows.map(row)].join('\n');
}

/** A CLI run that ended before the model: an option the build does not know, or another early exit. */
function earlyExit(cli) {
  if (cli.result || cli.offersStructuredOutput !== null) return null;
  const unknown = UNKNOWN_OPTION.exec(cli.stderr);
  if (unknown) return `unknown option \`${unknown[1]}\` (exit ${cli.exitCode})`;
  if (INVALID_SCHEMA.test(cli.stderr))
    return `rejected (exit ${cli.exitCode}, "not a valid JSON Schema" on stderr)`;
  return `exit ${cli.exitCode}: ${cli.stderr}`;
}

const yesNo = (value) => (value === null ? 'no init line' : value ? 'yes' : 'no');

function outcomeText(outcome) {
  if (outcome === null) return 'n/a';
  return outcome.ok ? `${outcome.source}: ${JSON.stringify(outcome.data)}` : `fails: ${outcome.code}`;
}

function sameOutcome(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}

const SAME_DATA = '≈ same data';

/**
 * ✓ when Puffin gave what it gives on a pinned build; ≈ when it gave the same data from another source (the
 * StructuredOutput call instead of the result's structured_output); ✗ with what was expected otherwise.
 */
export function verdict(observation) {
  const { puffin, expected } = observation;
  if (puffin === null) return 'not compared (Puffin raises --max-turns 1 to 2)';
  if (expected.some((e) => sameOutcome(e, puffin))) return '✓';
  const sameData = expected.find((e) => e.ok && puffin.ok && sameOutcome(e.data, puffin.data));
  if (sameData) return `${SAME_DATA}, from ${puffin.source} (pinned builds: ${sameData.source})`;
  const wanted = [...new Set(observation.expected.map(outcomeText))].join(' or ');
  return `✗ expected ${wanted}`;
}

function scenario(report, name) {
  return report.scenarios.find((s) => s.name === name);
}

function fromScenario(name, describe) {
  return (report) => {
    const found = scenario(report, name);
    if (!found) return 'not measured';
    return earlyExit(found.cli) ?? describe(found.cli);
  };
}

function resultText(cli) {
  return cli.result ? `${cli.result.subtype}${cli.result.isError ? ' (is_error)' : ''}` : 'no result line';
}

function flagText(name, describe) {
  return (report) => {
    const flag = report.flags.find((f) => f.name === name);
    if (!flag) return 'not measured';
    if (flag.exitCode !== 0 || flag.tools === null) {
      const unknown = UNKNOWN_OPTION.exec(flag.stderr);
      return unknown ? `unknown option \`${unknown[1]}\`` : `exit ${flag.exitCode}: ${flag.stderr}`;
    }
    return describe(flag);
  };
}

const toolList = (flag) => flag.tools.join(', ') || 'none';

const OVERVIEW = [
  ['Runs as', (r) => (r.kind === 'native' ? 'native binary' : 'node cli.js')],
  ['`--json-schema`', fromScenario('happy', () => 'accepted')],
  ['init `tools` lists StructuredOutput', fromScenario('happy', (c) => yesNo(c.offersStructuredOutput))],
  [
    'Schema draft-07 cannot compile',
    fromScenario('invalid-schema', (c) =>
      c.offersStructuredOutput === false ? 'dropped silently (no StructuredOutput)' : resultText(c),
    ),
  ],
  [
    'Result line’s first key',
    fromScenario('happy', (c) => (c.result ? `\`${c.result.firstKey}\`` : 'no result line')),
  ],
  [
    '`structured_output` on the result',
    fromScenario('happy', (c) =>
      c.result ? (c.result.hasStructuredOutput ? 'yes' : 'no') : 'no result line',
    ),
  ],
  ['Requests for one valid call', fromScenario('happy', (c) => String(c.mainRequests))],
  [
    'Model never calls the tool',
    fromScenario(
      'never-calls-tool',
      (c) => `${resultText(c)} after ${c.nudges} nudge(s), exit ${c.exitCode}`,
    ),
  ],
  [
    'Invalid output 5 times (`error_max_structured_output_retries`)',
    fromScenario('retries-exhausted', (c) => {
      const message = c.result?.message ?? '';
      const shown = message.length > 88 ? `${message.slice(0, 88)}…` : message;
      return `${c.result?.isError ? 'is_error' : 'not is_error'}, exit ${c.exitCode}, "${shown}"`;
    }),
  ],
  [
    '`--include-partial-messages`',
    fromScenario('partial-messages', (c) =>
      c.streamEvents > 0 ? `${c.streamEvents} stream_event lines` : 'none',
    ),
  ],
  [
    'One 529, own retries on',
    fromScenario(
      'transient-529-cli-retries',
      (c) =>
        `${resultText(c)} after ${c.mainRequests} requests, ${c.apiRetries} \`system/api_retry\` line(s)`,
    ),
  ],
  [
    'Result subtypes seen',
    (r) =>
      [...new Set(r.scenarios.flatMap((s) => (s.cli.result ? [s.cli.result.subtype] : [])))]
        .sort()
        .join(', ') || 'none',
  ],
  ['Without `--json-schema`', flagText('plain', (f) => `${f.resultSubtype ?? 'no result line'}`)],
  ['Hermetic flags: tools offered', flagText('hermetic', toolList)],
  ['`--tools Read,Glob,Grep` (no schema): tools offered', flagText('tools-read', toolList)],
  ['`--restricted` (no schema)', flagText('restricted', (f) => `accepted (${f.tools.length} tools)`)],
  [
    'Puffin as on the pinned builds',
    (r) => {
      const verdicts = r.scenarios.filter((s) => s.puffin !== null).map(verdict);
      const right = verdicts.filter((v) => v === '✓').length;
      const close = verdicts.filter((v) => v.startsWith(SAME_DATA)).length;
      const wrong = verdicts.length - right - close;
      return [`${right}/${verdicts.length} ✓`, close ? `${close} ≈` : '', wrong ? `${wrong} ✗` : '']
        .filter(Boolean)
        .join(', ');
    },
  ],
];

function buildTable(report) {
  const rows = report.scenarios.map((s) => [
    s.name,
    earlyExit(s.cli) ?? `exit ${s.cli.exitCode}, ${resultText(s.cli)}`,
    s.cli.result ? (s.cli.result.hasStructuredOutput ? 'yes' : 'no') : '—',
    String(s.cli.mainRequests),
    outcomeText(s.puffin),
    verdict(s),
  ]);
  const head = ['Scenario', 'CLI', 'structured_output', 'Requests', 'Puffin', 'As on pinned builds'];
  return `### ${report.version} (${report.kind === 'native' ? 'native binary' : 'cli.js'})\n\n${table(head, rows)}`;
}

export function renderBuildsDoc(reports, { measuredOn } = {}) {
  const sorted = [...reports].sort((a, b) => compareVersions(a.version, b.version));
  const overview = table(
    ['Build', ...sorted.map((r) => r.version)],
    OVERVIEW.map(([label, read]) => [label, ...sorted.map(read)]),
  );
  return [
    '# Claude Code CLI builds',
    '',
    'Generated by `npm run test:cli-builds` (scripts/cli-builds.mjs): each build is installed from the registry and the',
    'real-CLI scenarios (test/support/scenarios.ts) run against it through the loopback Messages API mock, once as',
    "the raw CLI and once through Puffin's sendPrompt. Do not edit by hand.",
    ...(measuredOn ? ['', `Measured on ${measuredOn}.`] : []),
    '',
    '## Overview',
    '',
    overview,
    '',
    '## Scenarios per build',
    '',
    '"As on pinned builds": Puffin gives what it gives for the same scenario on 2.1.330 or 2.1.186.',
    '',
    sorted.map(buildTable).join('\n\n'),
    '',
  ].join('\n');
}
