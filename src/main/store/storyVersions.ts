/**
 * A story's earlier texts (`story-versions/<storyId>.json`): when something from outside replaces its title,
 * description and criteria (a tracker's edit taken by sync, an issue or a spec file imported again), the text on
 * disk just before is appended as a numbered version, so it can be read and restored. A restore is itself a
 * replacement: the text it replaces becomes a version too, so nothing is lost. Only the newest MAX_VERSIONS are
 * kept; numbers are never reused.
 */
import type { Story } from '../../shared/stories';
import type { StoryVersion, StoryVersions } from '../../shared/schema-types';
import { ServiceError } from '../base/errors';
import { FOLDERS } from './folders';
import { RecordFolder } from './recordFolder';
import { appendNumbered, findNumbered } from './revisionLog';
import type { StoriesRepo } from './storiesRepo';

export type { StoryVersion, StoryVersions } from '../../shared/schema-types';

/** How many earlier texts a story keeps: enough to undo a run of syncs, bounded however often it is synced. */
export const MAX_VERSIONS = 50;

export interface StoryText {
  title: string;
  description: string;
  acceptanceCriteria: string[];
}

export interface Replacement {
  kind: StoryVersion['kind'];
  /** Where the new text came from, e.g. "GitHub #12". */
  by: string;
}

const sameText = (a: StoryText, b: StoryText) =>
  a.title === b.title &&
  a.description === b.description &&
  a.acceptanceCriteria.length === b.acceptanceCriteria.length &&
  a.acceptanceCriteria.every((c, i) => c === b.acceptanceCriteria[i]);

export class StoryVersionLog {
  private readonly folder: RecordFolder<StoryVersions>;

  constructor(
    private readonly stories: StoriesRepo,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.folder = new RecordFolder<StoryVersions>(stories.ctx, FOLDERS.storyVersions);
  }

  /** The story's earlier texts, oldest first (none yet: an empty list). */
  async list(storyId: string): Promise<StoryVersions> {
    return (await this.folder.current(storyId)) ?? { storyId, versions: [] };
  }

  /**
   * The story gets `text`; the text it had on disk just before is appended as a version (unless it is the same):
   * `kept` is that version's number, or null.
   */
  async replace(
    storyId: string,
    text: StoryText,
    why: Replacement,
  ): Promise<{ story: Story; kept: number | null; previousTitle: string }> {
    let kept: number | null = null;
    let previousTitle = '';
    const story = await this.stories.update(storyId, text, async (before) => {
      previousTitle = before.title;
      kept = await this.keep(before, text, why);
    });
    return { story, kept, previousTitle };
  }

  /**
   * For a writer that replaces the story's text inside its own read-modify-write of the story (a spec-file
   * import): `before` is the story as read from disk there, kept as a version unless `text` is the same. The
   * version's number, or null.
   */
  async keep(before: Story, text: StoryText, why: Replacement): Promise<number | null> {
    if (sameText(before, text)) return null;
    let kept = 0;
    await this.folder.update(before.id, (was) => {
      const { revisions, number } = appendNumbered<StoryVersion>(
        was?.versions ?? [],
        {
          kind: why.kind,
          by: why.by,
          title: before.title,
          description: before.description,
          acceptanceCriteria: [...before.acceptanceCriteria],
        },
        this.now(),
      );
      kept = number;
      return { storyId: before.id, versions: revisions.slice(-MAX_VERSIONS) };
    });
    return kept;
  }

  /** Version `number`'s text becomes the story's again (the text it replaces is kept as a version). */
  async restore(storyId: string, number: number): Promise<Story> {
    const { versions } = await this.list(storyId);
    if (versions.length === 0)
      throw new ServiceError('not_found', `Story ${storyId} has no earlier versions to restore.`);
    const v = findNumbered(versions, number, `Story ${storyId}`);
    const { story } = await this.replace(
      storyId,
      { title: v.title, description: v.description, acceptanceCriteria: v.acceptanceCriteria },
      { kind: 'restored', by: `version ${number}` },
    );
    return story;
  }
}
