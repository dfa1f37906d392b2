// What every tracker's export, import and sync answer, whatever the tracker (the contract's result types).
export type {
  StoryText,
  TrackerConflict,
  TrackerExportResult,
  TrackerImportResult,
  TrackerImportedStory,
  TrackerIssueResult,
  TrackerSyncedStory,
  TrackerSyncResult,
} from '../../shared/ipc/trackerChannels';
