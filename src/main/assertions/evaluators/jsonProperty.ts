import type ts from 'typescript';
import { AssertionEvalError } from '../errors';
import { reqString, specOf } from '../fields';
import { deepEqual, navigate, parseJsonPath, toValue } from './jsonPath';
import { fail, pass, quote, type Evaluator } from './types';

/** parseDiagnostics is set by the parser on every JSON source file but is not in the public typings. */
function syntaxErrors(sf: ts.JsonSourceFile): readonly ts.Diagnostic[] {
  return (sf as unknown as { parseDiagnostics?: readonly ts.Diagnostic[] }).parseDiagnostics ?? [];
}

function short(value: unknown): string {
  const text = JSON.stringify(value);
  return text === undefined ? String(value) : text.length > 120 ? `${text.slice(0, 117)}...` : text;
}

/** JSON_PROPERTY `{path, expected?}` on one JSON file (comments tolerated, as in tsconfig.json). */
export const evaluateJsonProperty: Evaluator = async (ctx, a) => {
  const spec = specOf(a);
  const path = reqString(spec, 'path');
  const segments = parseJsonPath(path);
  const hasExpected = Object.prototype.hasOwnProperty.call(spec, 'expected');

  const resolved = await ctx.resolveTarget(a.target);
  if (resolved.glob) throw new AssertionEvalError('JSON_PROPERTY needs one file as target, not a glob');
  const entry = resolved.entries[0];
  if (!entry) return fail(`file ${quote(resolved.target)} does not exist`);
  const sf = await ctx.jsonFile(entry);
  const errors = syntaxErrors(sf);
  if (errors.length > 0) {
    const first = errors[0]!;
    const { line, character } = sf.getLineAndCharacterOfPosition(first.start ?? 0);
    const text = typeof first.messageText === 'string' ? first.messageText : first.messageText.messageText;
    throw new AssertionEvalError(
      `${quote(entry.rel)} is not valid JSON: ${text} at line ${line + 1}, column ${character + 1}`,
    );
  }
  const root = sf.statements[0]?.expression;
  if (!root) throw new AssertionEvalError(`${quote(entry.rel)} is empty`);

  const step = navigate(root, segments, sf);
  if (!step.found) return fail(`${quote(entry.rel)}: path ${quote(path)} not found: ${step.reason}`);
  const { line, character } = sf.getLineAndCharacterOfPosition(step.node.getStart(sf));
  const loc = { file: entry.rel, line: line + 1, column: character + 1 };
  const actual = toValue(step.value);
  if (!hasExpected) return pass(`${quote(entry.rel)}: ${path} exists (${short(actual)})`, loc);
  if (deepEqual(actual, spec.expected))
    return pass(`${quote(entry.rel)}: ${path} equals ${short(spec.expected)}`, loc);
  return fail(`${quote(entry.rel)}: ${path} is ${short(actual)}, expected ${short(spec.expected)}`, loc);
};
