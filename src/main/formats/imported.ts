/** What reading a format gives back: stories (with their Puffin id when the files came from Puffin) and a sprint. */
import { ServiceError } from '../base/errors';

export interface ImportedStory {
  /** The Puffin id the files carry, when Puffin wrote them. */
  id?: string;
  /** When the story was last changed in Puffin at the export that wrote the files. */
  exportedUpdatedAt?: string;
  title: string;
  description: string;
  criteria: string[];
  /** What names the story in its own tool (a task id, a capability), so a rerun finds it again. */
  key?: string;
  /** The file the story came from, relative to the imported path (for messages). */
  file: string;
  /** From a plan file: how the step is built and the files it names (the plan draft's item). */
  approach?: string;
  files?: string[];
}

export interface ImportedSpec {
  sprint: { id?: string; title: string };
  stories: ImportedStory[];
  /** A plan file: the sprint gets a plan draft (its items from the stories) for the user to review. */
  planDraft?: { source: string; overview: string };
}

/** Files read from disk: relative path → text. */
export type SpecFiles = ReadonlyMap<string, string>;

/** A file of the format that cannot be read as one: names the file and line; nothing is written. */
export function malformed(file: string, line: number, what: string): ServiceError<'spec_malformed'> {
  return new ServiceError('spec_malformed', `${file}:${line}: ${what}`, { file, line });
}
