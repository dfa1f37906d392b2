// What every tracker's export answers, whatever the tracker (the contract's TrackerExportResult).
export type { TrackerExportResult, TrackerIssueResult } from '../../shared/ipc/trackerChannels';
