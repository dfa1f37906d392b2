/**
 * The pipeline's last step, the same for every provider: the answer is validated locally against the ORIGINAL
 * schema (a provider may have sent a transformed copy, so enums, ranges and array sizes hold everywhere), then
 * its envelope is unwrapped.
 */
import type { ProviderAnswer } from '../engines/provider';
import { PromptError } from './errors';
import { unwrapEnvelope } from './envelope';
import type { SendPromptResult } from './promptTypes';
import type { ResolvedSchema } from './resolveSchema';
import { validate } from './validate';

export function checkAnswer(answer: ProviderAnswer, schema: ResolvedSchema): SendPromptResult {
  const fail = (detail: string, validationErrors?: string[]) =>
    new PromptError('validation_failed', {
      detail,
      diagnostics: { ...answer.diagnostics, ...(validationErrors ? { validationErrors } : {}) },
    });
  const checked = validate(schema.schema, answer.data);
  if (!checked.ok) {
    const n = checked.errors.length;
    throw fail(`${n} problem${n === 1 ? '' : 's'}`, checked.errors);
  }
  const unwrapped = unwrapEnvelope(answer.data, schema.envelope);
  if (!unwrapped.ok) throw fail(unwrapped.message);
  const { cliVersion = null, ...meta } = answer.meta;
  return {
    data: unwrapped.value,
    source: answer.source,
    warnings: answer.warnings,
    meta: { ...meta, cliVersion },
    ...(answer.grounding ? { grounding: answer.grounding } : {}),
  };
}
