import { create } from 'zustand';
import type { Client } from '../bridge/client';
import { createActivitySlice } from './activitySlice';
import { createAppSlice } from './appSlice';
import { createAssertionsSlice } from './assertionsSlice';
import { createBacklogSlice } from './backlogSlice';
import { createBoardSlice } from './boardSlice';
import { createImplementSlice } from './implementSlice';
import { createReverseSlice } from './reverseSlice';
import { createGenerationSlice } from './generationSlice';
import { createHistorySlice } from './historySlice';
import { createJourneySlice } from './journeySlice';
import { createLiveSlice } from './liveSlice';
import { createProjectSlice } from './projectSlice';
import { createReviewSlice } from './reviewSlice';
import { createSettingsSlice } from './settingsSlice';
import { createSprintSlice } from './sprintSlice';
import { createStoryRevisionsSlice } from './storyRevisionsSlice';
import { createTeamSlice } from './teamSlice';
import { createTrackerSlice } from './trackerSlice';
import type { AppState } from './types';

/** One store, composed of slices (zustand's slice pattern); the client is injected for tests. */
export function createAppStore(client: Client) {
  return create<AppState>()((...a) => ({
    ...createAppSlice(client)(...a),
    ...createSettingsSlice(client)(...a),
    ...createProjectSlice(client)(...a),
    ...createActivitySlice(client)(...a),
    ...createGenerationSlice(client)(...a),
    ...createReviewSlice(client)(...a),
    ...createStoryRevisionsSlice(client)(...a),
    ...createLiveSlice(client)(...a),
    ...createBacklogSlice(client)(...a),
    ...createHistorySlice(client)(...a),
    ...createJourneySlice(client)(...a),
    ...createAssertionsSlice(client)(...a),
    ...createSprintSlice(client)(...a),
    ...createBoardSlice(client)(...a),
    ...createImplementSlice(client)(...a),
    ...createReverseSlice(client)(...a),
    ...createTeamSlice(client)(...a),
    ...createTrackerSlice(client)(...a),
  }));
}

export type AppStore = ReturnType<typeof createAppStore>;
