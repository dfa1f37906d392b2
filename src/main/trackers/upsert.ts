// One tracker issue kept in step with what Puffin wants it to say, for any tracker: created when it has no link (or
// its issue is gone), updated when Puffin's text changed and nobody edited it in the tracker since, left alone
// otherwise. The link keeps a hash of what Puffin sent and of what the tracker gave back, so a rerun needs no guess
// about who changed what (a tracker may rewrite what it stores, so the read-back is what is compared).
import { TRACKER_LABEL, type TrackerName } from './errors';
import { shortHash, type TrackerLink } from './links';

export type Action = 'created' | 'updated' | 'unchanged';

/** An issue as the tracker shows it. */
export interface RemoteIssue {
  id: string;
  key: string;
  url: string;
  title: string;
  /** The description as the tracker stores it (Jira: ADF; Linear: markdown). */
  body: unknown;
  /** Whether the tracker counts it done (Jira's done category, Linear's completed or canceled type). */
  done: boolean;
}

export interface IssueAdapter<W> {
  tracker: TrackerName;
  /** The description as markdown (Jira's ADF converted): what a sync reads back into a story. */
  toMarkdown(body: unknown): string;
  read(key: string): Promise<RemoteIssue | null>;
  create(wanted: W): Promise<{ id: string; key: string; url: string }>;
  update(key: string, wanted: W): Promise<void>;
}

export interface Upserted {
  link: TrackerLink;
  action: Action;
  issue: RemoteIssue;
}

/** What the tracker side says: compared with the link's remoteHash to tell an edit made there. */
export function remoteHashOf(issue: Pick<RemoteIssue, 'title' | 'body'>): string {
  return shortHash([issue.title, issue.body ?? null]);
}

export async function upsertIssue<W>(
  adapter: IssueAdapter<W>,
  link: TrackerLink | undefined,
  wanted: W,
  /** Hash of `wanted`: equal to the link's means nothing to send. */
  hash: string,
  /** Who it is for, named in warnings: "the Epic of sprint S", "story S-1". */
  label: string,
  ctx: {
    now: () => Date;
    warnings: string[];
    onLink: (link: TrackerLink) => Promise<void>;
    /** Hash of the story's own text now: kept when the tracker says what Puffin wrote, for sync to compare. */
    storyHash?: string;
    /** Write over an edit made in the tracker (the warnings still say so). */
    overwriteEdited?: boolean;
  },
): Promise<Upserted> {
  const mine = ctx.storyHash ? { storyHash: ctx.storyHash } : {};
  const name = TRACKER_LABEL[adapter.tracker];
  const existing = link ? await adapter.read(link.key) : null;
  if (link && !existing)
    ctx.warnings.push(
      `${link.key} (${label}) is gone from ${name} (deleted or moved); a new issue was created.`,
    );
  if (!link || !existing) {
    const created = await adapter.create(wanted);
    const fresh: TrackerLink = {
      ...created,
      exportedAt: ctx.now().toISOString(),
      hash,
      origin: 'export',
      ...mine,
    };
    // Saved at once: a run cut off after this must not create the same issue again.
    await ctx.onLink(fresh);
    const back = await adapter.read(created.key);
    if (!back) throw new Error(`${name} lost ${created.key} right after creating it.`);
    const linked = { ...fresh, remoteHash: remoteHashOf(back) };
    await ctx.onLink(linked);
    return { link: linked, action: 'created', issue: back };
  }
  const editedThere = link.remoteHash !== undefined && remoteHashOf(existing) !== link.remoteHash;
  const overwrite = editedThere && ctx.overwriteEdited === true;
  if (!overwrite && link.hash === hash && (editedThere || !ctx.storyHash || link.storyHash === ctx.storyHash))
    return { link, action: 'unchanged', issue: existing };
  if (!overwrite && link.hash === hash) {
    const same = { ...link, ...mine };
    await ctx.onLink(same);
    return { link: same, action: 'unchanged', issue: existing };
  }
  if (overwrite)
    ctx.warnings.push(`${link.key} (${label}) had been edited in ${name}; its text was replaced as asked.`);
  else if (editedThere) {
    ctx.warnings.push(
      `${link.key} (${label}) was edited in ${name} since Puffin wrote it, so it was left as it is. Run sync to ` +
        'bring the edit back, or to see the conflict.',
    );
    return { link, action: 'unchanged', issue: existing };
  }
  await adapter.update(link.key, wanted);
  const back = (await adapter.read(link.key)) ?? existing;
  const updated: TrackerLink = {
    ...link,
    ...mine,
    hash,
    remoteHash: remoteHashOf(back),
    exportedAt: ctx.now().toISOString(),
  };
  await ctx.onLink(updated);
  return { link: updated, action: 'updated', issue: back };
}
