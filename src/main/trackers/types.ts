// What every tracker's export and import answer, whatever the tracker (the contract's result types).
export type {
  TrackerExportResult,
  TrackerImportResult,
  TrackerImportedStory,
  TrackerIssueResult,
} from '../../shared/ipc/trackerChannels';
