/**
 * The one id rule. Ids of stories, generations, sprints and assertion sets become file names in the project
 * store, so they use a safe alphabet only: letters, digits, ".", "_" and "-", starting with a letter or digit
 * (so never "." or ".."), at most 128 characters, never a path. The contract's request schemas, the record
 * schemas and the store all use this pattern.
 */
export const ID_PATTERN = '^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$';

/** How the rule reads in an error message. */
export const ID_RULE =
  'letters, digits, ".", "_" or "-", starting with a letter or digit, at most 128 characters';

const ID = new RegExp(ID_PATTERN);

export function isId(value: string): boolean {
  return ID.test(value);
}
