import type { Assertion } from '../../shared/assertions';
import type { AssertionDraft } from '../../shared/schema-types';

/**
 * Model drafts → stored assertions: Puffin assigns the ids (`<prefix>1`, `<prefix>2`…, unique within the set
 * whatever ids the model proposed), everything else is kept as generated.
 */
export function toAssertions(drafts: readonly AssertionDraft[], prefix = 'A'): Assertion[] {
  return drafts.map((d, i) => {
    const { id: _proposed, ...rest } = d;
    void _proposed;
    // AssertionDraft (generated from the schema) and Assertion (hand-written) describe the same ten shapes.
    return { id: `${prefix}${i + 1}`, ...rest } as Assertion;
  });
}
