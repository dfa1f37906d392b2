// `puffin extract --legacy [--expect array|object]` (DESIGN §6)
// Text on stdin; runs only the DEPRECATED text extractors; prints {"data": …} (exit 0) or
// {"error": {"code": "no_json"|"truncated"|"clarification"|"invalid", "message"}} (exit 1).
import { parseArgs } from 'node:util';
import { extractLegacy, type LegacyExpect } from '../../main/llm/legacy/extractLegacy';
import { printError, printJson, readAll, type CliCommand, type CliIo } from '../command';

const USAGE = 'usage: puffin extract --legacy [--expect array|object]  (text on stdin)';

async function run(argv: string[], io: CliIo): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { legacy: { type: 'boolean' }, expect: { type: 'string' } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (err) {
    return printError(io, 'invalid_arguments', `${(err as Error).message}. ${USAGE}`);
  }
  // --legacy is the only mode and must be asked for by name: these extractors are deprecated.
  if (!values.legacy) return printError(io, 'invalid_arguments', `--legacy is required. ${USAGE}`);
  const expect = values.expect ?? 'any';
  if (expect !== 'array' && expect !== 'object' && expect !== 'any') {
    return printError(io, 'invalid_arguments', `--expect must be array or object. ${USAGE}`);
  }
  const text = await readAll(io.stdin);
  const result = extractLegacy(text, { expect: expect as LegacyExpect });
  if (!result.ok) return printError(io, result.code, result.message);
  printJson(io, { data: result.data });
  return 0;
}

export const extractCommand: CliCommand = {
  path: ['extract'],
  summary: 'run only the deprecated text extractors over stdin (--legacy)',
  run,
};
