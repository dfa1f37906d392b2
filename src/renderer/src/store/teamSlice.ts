import type { Overlap, RecordConflicts } from '../../../shared/team';
import type { Slice } from './types';

/** What a team on the project's repository should know: work overlapping across branches, merge conflicts. */
export interface TeamView {
  overlaps: Overlap[];
  conflicts: RecordConflicts[];
}

export interface TeamSlice {
  /** Null until loaded, and for a project that is not in a git repository (there is no team to tell). */
  team: TeamView | null;
  loadTeam(): Promise<void>;
}

export const createTeamSlice: Slice<TeamSlice> = (client) => (set) => ({
  team: null,
  async loadTeam() {
    // Each half stands alone: a project outside git still has its recorded conflicts.
    const [overlap, conflicts] = await Promise.allSettled([
      client.call('team:overlap', {}),
      client.call('conflicts:list', {}),
    ]);
    const overlaps = overlap.status === 'fulfilled' ? overlap.value.overlaps : [];
    const recorded = conflicts.status === 'fulfilled' ? conflicts.value.conflicts : [];
    set({ team: overlaps.length || recorded.length ? { overlaps, conflicts: recorded } : null });
  },
});
