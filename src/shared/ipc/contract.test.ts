// The contract only joins the domains' channel modules: no channel is declared by two of them (a spread would
// silently keep the last), and every channel of the contract comes from exactly one.
import { describe, expect, it } from 'vitest';
import { agentSchemas } from './agentChannels';
import { appSchemas } from './appChannels';
import { assertionSchemas } from './assertionChannels';
import { backlogSchemas } from './backlogChannels';
import { requestSchemas } from './contract';
import { engineSchemas } from './engineChannels';
import { formatSchemas } from './formatChannels';
import { historySchemas } from './historyChannels';
import { planSchemas } from './planChannels';
import { projectSchemas } from './projectChannels';
import { promptSchemas } from './promptChannels';
import { proofSchemas } from './proofChannels';
import { reviewSchemas } from './reviewChannels';
import { settingsSchemas } from './settingsChannels';
import { teamSchemas } from './teamChannels';
import { trackerSchemas } from './trackerChannels';
import { workflowSchemas } from './workflowChannels';

const DOMAINS: Record<string, object> = {
  app: appSchemas,
  settings: settingsSchemas,
  project: projectSchemas,
  review: reviewSchemas,
  history: historySchemas,
  backlog: backlogSchemas,
  assertions: assertionSchemas,
  plans: planSchemas,
  prompts: promptSchemas,
  proof: proofSchemas,
  engines: engineSchemas,
  agents: agentSchemas,
  formats: formatSchemas,
  team: teamSchemas,
  trackers: trackerSchemas,
  workflows: workflowSchemas,
};

describe('the contract', () => {
  it('declares each channel in exactly one domain module', () => {
    const owners = new Map<string, string[]>();
    for (const [domain, schemas] of Object.entries(DOMAINS))
      for (const channel of Object.keys(schemas))
        owners.set(channel, [...(owners.get(channel) ?? []), domain]);
    expect([...owners].filter(([, by]) => by.length > 1)).toEqual([]);
    expect([...owners.keys()].sort()).toEqual(Object.keys(requestSchemas).sort());
  });
});
