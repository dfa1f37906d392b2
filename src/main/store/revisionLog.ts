/**
 * Numbered revisions, as plans and stories reviews keep them: appended, never replaced or renumbered (a restore
 * copies an old one as a new revision), so any two can still be compared.
 */
import { ServiceError } from '../base/errors';

export interface Numbered {
  number: number;
  createdAt: string;
}

export type NewNumbered<R extends Numbered> = Omit<R, 'number' | 'createdAt'>;

/** The list with `next` appended as the next number; `number` is that number. */
export function appendNumbered<R extends Numbered>(
  revisions: readonly R[],
  next: NewNumbered<R>,
  at: Date,
): { revisions: R[]; number: number } {
  const number = revisions.reduce((max, r) => Math.max(max, r.number), 0) + 1;
  const revision = { ...next, number, createdAt: at.toISOString() } as R;
  return { revisions: [...revisions, revision], number };
}

/** The revision of that number; `owner` names what has the revisions ("This sprint's plan"). */
export function findNumbered<R extends Numbered>(revisions: readonly R[], number: number, owner: string): R {
  const r = revisions.find((x) => x.number === number);
  if (!r) throw new ServiceError('not_found', `${owner} has no revision ${number}.`);
  return r;
}
