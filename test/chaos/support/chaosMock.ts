// One mock Messages API for every real-CLI row: the fault comes from a `mock-fault: <name>` line in the prompt,
// so rows can share the mock (and the host) and still each get their own fault. Title calls always succeed.
import { startMockMessagesApi, type MockMessagesApi } from '../../support/mockMessagesApi';
import { hang, httpError, streamError, structured } from '../../support/mockTurns';
import type { MockTurn } from '../../support/mockTypes';
import { lastToolResults, structuredOutputSchema, userText } from '../../support/requestInspection';
import { STORIES } from '../faults';

function turnFor(fault: string | undefined): MockTurn {
  switch (fault) {
    case '500-forever':
      return httpError(500);
    case '529-forever':
      return httpError(529);
    case '429-retry-after':
      return httpError(429, { retryAfterSeconds: 1 });
    case '401':
      return httpError(401);
    case 'hang':
      return hang();
    case 'stream-error':
      return streamError();
    default:
      return structured(STORIES);
  }
}

export interface ChaosMock {
  api: MockMessagesApi;
  /** True once a main-loop request carrying this directive arrived. */
  asked(directive: string): boolean;
  /** How many main-loop requests carried it (the API calls one Puffin call cost). */
  calls(directive: string): number;
}

export async function startChaosMock(): Promise<ChaosMock> {
  const api = await startMockMessagesApi({
    respond: (body) => {
      const schema = structuredOutputSchema(body);
      if (Object.keys((schema?.properties as object | undefined) ?? {}).join() === 'title')
        return structured({ title: 'Chaos' });
      // After its StructuredOutput call the CLI asks once more; the default "Done." ends the turn.
      if (lastToolResults(body).length > 0) return undefined;
      return turnFor(/mock-fault: (\S+)/.exec(userText(body))?.[1]);
    },
  });
  const carrying = (directive: string) =>
    api.mainRequests().filter((r) => r.body !== undefined && userText(r.body).includes(directive));
  return {
    api,
    asked: (directive) => carrying(directive).length > 0,
    calls: (directive) => carrying(directive).length,
  };
}
