import type { CallActivity, CallActivityEvent } from '../../../shared/activity';
import type { Slice } from './types';

/** One raw engine line as it arrived, with the call it belongs to. */
export interface LiveLine {
  seq: number;
  callId: string;
  label: string;
  line: string;
}

export interface LiveSlice {
  /** The latest state of each call seen this session, by call id (running ones and the last finished). */
  callActivity: Record<string, CallActivity>;
  /** The raw engine lines of the calls as they arrive (newest last, bounded). */
  liveLines: LiveLine[];
  /** Lines main left out of busy streams (History keeps them). */
  liveSkipped: number;
  receiveActivity(e: CallActivityEvent): void;
}

export const MAX_LIVE_LINES = 1000;
/** Finished calls kept for their last state (a step's line stays readable after it ends). */
const KEEP_FINISHED = 20;

let seq = 0;

export const createLiveSlice: Slice<LiveSlice> = () => (set) => ({
  callActivity: {},
  liveLines: [],
  liveSkipped: 0,
  receiveActivity({ activity, lines, skippedLines }) {
    set((s) => {
      const calls = { ...s.callActivity, [activity.callId]: activity };
      const finished = Object.values(calls).filter((c) => c.phase === 'finished');
      for (const old of finished.slice(0, Math.max(0, finished.length - KEEP_FINISHED)))
        delete calls[old.callId];
      const added = lines.map((line) => ({
        seq: ++seq,
        callId: activity.callId,
        label: activity.label,
        line,
      }));
      const all = added.length ? [...s.liveLines, ...added] : s.liveLines;
      return {
        callActivity: calls,
        liveLines: all.length > MAX_LIVE_LINES ? all.slice(-MAX_LIVE_LINES) : all,
        liveSkipped: s.liveSkipped + skippedLines,
      };
    });
  },
});
