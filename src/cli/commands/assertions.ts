// `puffin assertions evaluate --project DIR (--story ID | --assertions FILE) [--no-save]`
// data: {results, summary, commit, saved, …}; exit 1 when any assertion fails or errors, so it can gate CI.
// --story ID reads `<project>/.puffin/assertions/<ID>.json` and appends the run to
// `<project>/.puffin/assertions/results/<ID>.json` unless --no-save; FILE holds {"assertions": [...]}.
import type { CommandSpec } from '../spec';

/** The list of a {"assertions": [...]} file; anything else goes as it is, for the contract to refuse. */
function assertionList(json: unknown): unknown {
  const isSet = typeof json === 'object' && json !== null && !Array.isArray(json) && 'assertions' in json;
  return isSet ? (json as { assertions: unknown }).assertions : json;
}

export const assertionsEvaluateCommand: CommandSpec<'assertions:evaluate'> = {
  path: ['assertions', 'evaluate'],
  summary: "evaluate a story's stored (or a file's) assertions against a project; exit 1 when any fails",
  channel: 'assertions:evaluate',
  flags: [
    // Not `project: true`: the folder is evaluated as it is, without opening it (or creating .puffin/).
    { flag: 'project', kind: 'path', field: 'project', required: true, value: 'DIR' },
    { flag: 'story', kind: 'string', field: 'storyId', value: 'ID' },
    { flag: 'assertions', kind: 'json-file', field: 'assertions', pick: assertionList },
    { flag: 'no-save', kind: 'boolean', field: 'save', set: false },
  ],
  oneOf: [['story', 'assertions']],
  output: (r) => ({ data: r, source: null, warnings: r.warnings, meta: {} }),
  exitCode: (r) => (r.summary.failed + r.summary.errors > 0 ? 1 : 0),
};
