/**
 * maxLength and minLength exactly as Ajv defines them (length in Unicode code points, as JSON Schema says; same
 * error keyword, params and message), except that code points are counted only when the UTF-16 length cannot
 * decide: a string of at most N code units has at most N code points, and one of at least 2N units has at least
 * N. Ajv's own keywords count every string in full, which was most of the time spent validating a 300 KB stories
 * answer (every description and criterion is bounded).
 */
import type { Ajv, KeywordDefinition } from 'ajv';
// With its extension: Electron loads the main bundle as an ES module, whose resolver adds none.
import ucs2lengthModule from 'ajv/dist/runtime/ucs2length.js';
import { ajvModule } from './lazyAjv';

// A CommonJS module: under ESM interop its function may sit on `.default`.
const ucs2length = ((ucs2lengthModule as unknown as { default?: typeof ucs2lengthModule }).default ??
  ucs2lengthModule) as (s: string) => number;

const lengthKeywords: KeywordDefinition = {
  keyword: ['maxLength', 'minLength'],
  type: 'string',
  schemaType: 'number',
  $data: true,
  error: {
    message: ({ keyword, schemaCode }) =>
      ajvModule()
        .str`must NOT have ${keyword === 'maxLength' ? 'more' : 'fewer'} than ${schemaCode} characters`,
    params: ({ schemaCode }) => ajvModule()._`{limit: ${schemaCode}}`,
  },
  code(cxt) {
    const { keyword, data, schemaCode, gen } = cxt;
    const { _ } = ajvModule();
    // `code` is how Ajv's standalone output (storedValidators.ts) refers to the same function.
    const count = gen.scopeValue('func', {
      ref: ucs2length,
      code: _`require("ajv/dist/runtime/ucs2length").default`,
    });
    cxt.fail$data(
      keyword === 'maxLength'
        ? _`${data}.length > ${schemaCode} && ${count}(${data}) > ${schemaCode}`
        : _`${data}.length < 2 * ${schemaCode} && ${count}(${data}) < ${schemaCode}`,
    );
  },
};

/** The definition's source text: stored validators (storedValidators.ts) compiled from another one are not reused. */
export const LENGTH_KEYWORDS_SETUP = [
  lengthKeywords.code,
  lengthKeywords.error?.message,
  lengthKeywords.error?.params,
].join('\n');

/** Replaces Ajv's maxLength and minLength on this instance (call before compiling any schema). */
export function useBoundedLengthChecks(ajv: Ajv): void {
  ajv.removeKeyword('maxLength');
  ajv.removeKeyword('minLength');
  ajv.addKeyword(lengthKeywords);
}
