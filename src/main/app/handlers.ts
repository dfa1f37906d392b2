/**
 * The handler of every contract channel, joined from one handlers module per domain (a new channel's handler goes
 * in its domain's module, beside that domain's service where the folders allow it). The compiler refuses a channel
 * of the contract without a handler.
 */
import { agentHandlers } from '../agent/agentHandlers';
import { engineHandlers } from '../engines/engineHandlers';
import { formatHandlers } from '../formats/formatHandlers';
import { planHandlers } from '../plans/planHandlers';
import { backlogHandlers } from '../services/backlogHandlers';
import { historyHandlers } from '../services/historyHandlers';
import { reviewHandlers } from '../services/reviewHandlers';
import { teamHandlers } from '../team/teamHandlers';
import { trackerHandlers } from '../trackers/trackerHandlers';
import { appHandlers } from './appHandlers';
import { assertionHandlers } from './assertionHandlers';
import type { Handlers } from './dispatcher';
import { projectHandlers } from './projectHandlers';
import { promptHandlers } from './promptHandlers';
import { proofHandlers } from './proofHandlers';
import type { Emit, FacePlatform, Services } from './services';
import { settingsHandlers } from './settingsHandlers';
import { workflowHandlers } from './workflowHandlers';

export function rootHandlers(services: Services, platform: FacePlatform, emit: Emit): Handlers {
  const { projects } = services;
  return {
    ...appHandlers(services, platform),
    ...settingsHandlers(services.settings),
    ...projectHandlers(services, platform),
    ...reviewHandlers({ projects, generation: services.generation }),
    ...historyHandlers(projects),
    ...backlogHandlers({ projects, emit }),
    ...assertionHandlers(services, platform, emit),
    ...planHandlers(services.plans),
    ...promptHandlers(services),
    ...proofHandlers(services, emit),
    ...engineHandlers(services),
    ...agentHandlers(services, emit),
    ...formatHandlers(services, emit),
    ...teamHandlers(services),
    ...trackerHandlers(services, emit),
    ...workflowHandlers(services),
  };
}
