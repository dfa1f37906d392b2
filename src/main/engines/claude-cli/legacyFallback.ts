/**
 * The last resort of sendPrompt: run the deprecated text extractors over the answer's prose and keep a candidate
 * only if it validates against the same schema. A workflow with an envelope may find the bare inner value in the
 * text (a story array instead of `{stories: [...]}`), so that is re-wrapped before validation.
 */
import { extractLegacy, type LegacyStrategy } from './legacy/extractLegacy';
import type { ResolvedSchema } from '../../llm/resolveSchema';
import { validate } from '../../llm/validate';

export type LegacyFallback =
  { ok: true; data: unknown; strategy: LegacyStrategy; repaired: boolean } | { ok: false; message: string };

export function legacyFallback(text: string, resolved: ResolvedSchema): LegacyFallback {
  const { schema, envelope } = resolved;
  const asOutput = (value: unknown): unknown => {
    if (validate(schema, value).ok) return value;
    if (envelope) {
      const wrapped = { [envelope]: value };
      if (validate(schema, wrapped).ok) return wrapped;
    }
    return undefined;
  };
  const result = extractLegacy(text, {
    expect: envelope ? 'any' : 'object',
    accept: (value) => asOutput(value) !== undefined,
  });
  if (!result.ok) return { ok: false, message: `${result.code}: ${result.message}` };
  return { ok: true, data: asOutput(result.data), strategy: result.strategy, repaired: result.repaired };
}
