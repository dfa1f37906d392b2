// The tracker's edits coming back: for each exported story of a sprint, the issue is read and compared with the
// hashes its link kept at the last export. Only the tracker changed: its title, description and criteria become the
// story's, and the text it had is kept as a version of the story (story-versions). Only Puffin changed: nothing
// here (the next export writes it). Both changed: a conflict, listed with both texts, nothing overwritten, until
// `resolve` says which side to keep.
import type { StoriesRepo } from '../store/storiesRepo';
import { StoryVersionLog } from '../store/storyVersions';
import { TRACKER_LABEL } from './errors';
import { splitCriteria, storyTitle } from './criteriaText';
import type { TrackerLinksStore } from './links';
import { storyHashOf, type TrackerStory } from './sprintStories';
import type { StoryText, TrackerConflict, TrackerSyncedStory, TrackerSyncResult } from './types';
import { remoteHashOf, type IssueAdapter, type RemoteIssue } from './upsert';

export interface SyncRequest {
  adapter: IssueAdapter<unknown>;
  site: string;
  scope: string;
  stories: TrackerStory[];
  links: TrackerLinksStore;
  repo: StoriesRepo;
  resolve?: { storyId: string; keep: 'puffin' | 'tracker' }[];
  now?: () => Date;
}

/** Puffin's own sections (the RIS) and footer are not the story's text. */
const RIS_SECTION = /(^|\n)#{1,6} Ready-to-implement spec\n[\s\S]*?(?=\n#{1,6} |$)/;

export function storyFromIssue(issue: Pick<RemoteIssue, 'title' | 'key'>, markdown: string): StoryText {
  const text = splitCriteria(markdown.replace(RIS_SECTION, '\n'));
  return { title: storyTitle(issue.title, issue.key), ...text };
}

export async function syncIssues(req: SyncRequest): Promise<TrackerSyncResult> {
  const now = req.now ?? (() => new Date());
  const links = await req.links.load();
  const resolve = new Map((req.resolve ?? []).map((r) => [r.storyId, r.keep]));
  const versions = new StoryVersionLog(req.repo, now);
  const out: TrackerSyncedStory[] = [];
  const conflicts: TrackerConflict[] = [];
  const warnings: string[] = [];
  for (const story of req.stories) {
    const link = links.issues[story.id];
    if (!link || link.origin === 'import') continue;
    const base = { storyId: story.id, key: link.key, url: link.url, verdict: story.verdict };
    const remote = await req.adapter.read(link.key);
    if (!remote) {
      warnings.push(
        `${link.key} (story ${story.id}) is gone from the tracker; the next export creates it again.`,
      );
      out.push({ ...base, action: 'gone', trackerDone: null });
      continue;
    }
    const trackerDone = remote.done;
    const remoteHash = remoteHashOf(remote);
    const trackerChanged = link.remoteHash !== undefined && remoteHash !== link.remoteHash;
    // Without the story's hash from an export (links written before it was kept), a change cannot be ruled out.
    const puffinChanged = link.storyHash === undefined || storyHashOf(story) !== link.storyHash;
    if (link.remoteDone !== trackerDone) {
      links.issues[story.id] = { ...link, remoteDone: trackerDone };
      await req.links.save(links);
    }
    if (!trackerChanged) {
      out.push({ ...base, action: 'unchanged', trackerDone });
      continue;
    }
    const theirs = storyFromIssue(remote, req.adapter.toMarkdown(remote.body));
    const keep = resolve.get(story.id);
    if (puffinChanged && keep === undefined) {
      const mine = {
        title: story.title,
        description: story.description,
        acceptanceCriteria: story.criteria.map((c) => c.text),
      };
      conflicts.push({ storyId: story.id, key: link.key, url: link.url, puffin: mine, tracker: theirs });
      out.push({ ...base, action: 'conflict', trackerDone });
      continue;
    }
    if (keep === 'puffin') {
      // The tracker's edit is seen and set aside: the next export writes Puffin's text over it.
      links.issues[story.id] = { ...link, remoteHash, remoteDone: trackerDone };
      out.push({ ...base, action: 'kept', trackerDone });
    } else {
      const {
        story: saved,
        kept,
        previousTitle,
      } = await versions.replace(story.id, theirs, {
        kind: 'synced',
        by: `${TRACKER_LABEL[req.adapter.tracker]} ${link.key}`,
      });
      links.issues[story.id] = {
        ...link,
        remoteHash,
        remoteDone: trackerDone,
        storyHash: storyHashOf({ ...saved, criteria: saved.acceptanceCriteria.map((text) => ({ text })) }),
        exportedAt: now().toISOString(),
      };
      out.push({
        ...base,
        action: keep === 'tracker' ? 'taken' : 'pulled',
        trackerDone,
        // What the story said on disk before (the listing may be older), kept as that version: the app offers it back.
        ...(kept !== null ? { previous: { version: kept, title: previousTitle } } : {}),
      });
    }
    await req.links.save(links);
  }
  return {
    tracker: req.adapter.tracker,
    site: req.site,
    scope: req.scope,
    stories: out,
    conflicts,
    warnings,
  };
}
