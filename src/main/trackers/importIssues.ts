// The other direction: issues not created by Puffin become backlog stories, linked to their issue in
// .puffin/trackers (origin `import`), so a rerun updates the stories it made instead of adding copies. An issue's
// story is updated only when the issue changed since the last import; a story deleted from the backlog is not
// brought back.
import type { Story } from '../../shared/stories';
import type { StoriesRepo } from '../store/storiesRepo';
import { StoryVersionLog } from '../store/storyVersions';
import { splitCriteria, storyTitle } from './criteriaText';
import { shortHash, type TrackerLink, type TrackerLinksStore } from './links';
import type { TrackerImportResult, TrackerImportedStory } from './types';
import { TRACKER_LABEL, type TrackerName } from './errors';

/** At most this many issues per import: a backlog is for reading, and a rerun takes the next ones. */
export const MAX_IMPORT = 500;

/** An issue as every tracker lists it for an import. */
export interface ListedIssue {
  id: string;
  key: string;
  url: string;
  title: string;
  /** The description as markdown (Jira's ADF converted). */
  markdown: string;
  labels: string[];
  /** Created by Puffin (a marker in the text, or something the tracker says): never imported. */
  byPuffin: boolean;
}

export interface ImportRequest {
  tracker: TrackerName;
  scope: string;
  site: string;
  issues: ListedIssue[];
  links: TrackerLinksStore;
  stories: StoriesRepo;
  /** Told with the stories added or changed (the app's backlog refreshes). */
  onChanged?: (stories: Story[]) => void;
  now?: () => Date;
}

const PUFFIN_LABEL = 'puffin';

export function issueHash(i: Pick<ListedIssue, 'title' | 'markdown'>): string {
  return shortHash([i.title, i.markdown]);
}

export function storyHash(s: Pick<Story, 'title' | 'description' | 'acceptanceCriteria'>): string {
  return shortHash([s.title, s.description, s.acceptanceCriteria]);
}

export async function importIssues(req: ImportRequest): Promise<TrackerImportResult> {
  const now = req.now ?? (() => new Date());
  const links = await req.links.load();
  const exported = new Set(
    [...Object.values(links.issues), ...Object.values(links.containers)]
      .filter((l) => l.origin !== 'import')
      .map((l) => l.key),
  );
  const byKey = new Map(
    Object.entries(links.issues)
      .filter(([, l]) => l.origin === 'import')
      .map(([storyId, l]) => [l.id, storyId]),
  );
  const warnings: string[] = [];
  const candidates = req.issues.filter(
    (i) => !i.byPuffin && !i.labels.includes(PUFFIN_LABEL) && !exported.has(i.key),
  );
  if (candidates.length > MAX_IMPORT)
    warnings.push(
      `${candidates.length} issues match; the first ${MAX_IMPORT} were imported. Narrow it with --label.`,
    );
  const versions = new StoryVersionLog(req.stories, now);
  const out: TrackerImportedStory[] = [];
  const changed: Story[] = [];
  for (const issue of candidates.slice(0, MAX_IMPORT)) {
    const text = splitCriteria(issue.markdown);
    const draft = { title: storyTitle(issue.title, issue.key), ...text };
    const hash = issueHash(issue);
    const storyId = byKey.get(issue.id);
    const linked = storyId ? links.issues[storyId] : undefined;
    const base = { key: issue.key, url: issue.url };
    if (storyId && linked) {
      if (linked.remoteHash === hash) {
        out.push({ ...base, storyId, action: 'unchanged' });
        continue;
      }
      // The story's text before is kept as a version of it (story-versions).
      const story = await versions
        .replace(storyId, draft, { kind: 'imported', by: `${TRACKER_LABEL[req.tracker]} ${issue.key}` })
        .then((r) => r.story)
        .catch(() => null);
      if (!story) {
        warnings.push(
          `The story imported from ${issue.key} was deleted from the backlog; it was not brought back.`,
        );
        continue;
      }
      changed.push(story);
      links.issues[storyId] = {
        ...linked,
        hash,
        remoteHash: hash,
        storyHash: storyHash(story),
        exportedAt: now().toISOString(),
      };
      out.push({ ...base, storyId, action: 'updated' });
    } else {
      const [story] = await req.stories.accept([draft]);
      changed.push(story!);
      const link: TrackerLink = {
        id: issue.id,
        key: issue.key,
        url: issue.url,
        exportedAt: now().toISOString(),
        hash,
        remoteHash: hash,
        storyHash: storyHash(story!),
        origin: 'import',
      };
      links.issues[story!.id] = link;
      out.push({ ...base, storyId: story!.id, action: 'created' });
    }
    // Saved after each story: an import cut off midway must not add the same stories again.
    await req.links.save(links);
  }
  if (changed.length > 0) req.onChanged?.(changed);
  return { tracker: req.tracker, site: req.site, scope: req.scope, stories: out, warnings };
}
