/** What an implement run is given and what it answers (`agent:implement`). */
import type { CallActivityEvent } from '../../shared/activity';
import type { AgentPlanItem } from '../../shared/ipc/agentChannels';
import type { ResponseOf } from '../../shared/ipc/contract';
import type { Generation, Story } from '../../shared/stories';
import type { RawAssertion } from '../assertions/evaluate';

export interface ImplementInput {
  projectDir: string;
  story: Story;
  planItem: AgentPlanItem | null;
  ris: string | null;
  assertions: RawAssertion[];
  rounds: number;
  signal?: AbortSignal;
  /** What the agent is doing, live (`call:activity`, call id `implementCallId(story)`). */
  onActivity?: (e: CallActivityEvent) => void;
  sprintId?: string;
  /** The story's sprint's budget and what its recorded calls spent: each round runs with what is left. */
  budget?: { limitUsd: number; spentUsd: number };
  /** Each stored state of the run's History record (`history:changed`). */
  onHistory?: (g: Generation) => void;
}

export type ImplementResult = ResponseOf<'agent:implement'>;
