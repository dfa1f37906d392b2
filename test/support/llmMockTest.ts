// vitest side of the OpenAI, Ollama and Gemini mocks: one mock per test, closed when the test ends.
import { afterEach } from 'vitest';
import type { LlmMock } from './mockLlmServer';

export interface MockSlot {
  /** The mock of the running test (throws before one is started). */
  readonly mock: LlmMock;
  /** Keeps the mock for the running test and returns it. */
  use(mock: LlmMock): LlmMock;
}

export function mockPerTest(): MockSlot {
  let current: LlmMock | undefined;
  afterEach(async () => {
    const closing = current;
    current = undefined;
    await closing?.close();
  });
  return {
    get mock() {
      if (!current) throw new Error('no mock started in this test');
      return current;
    },
    use(mock) {
      current = mock;
      return mock;
    },
  };
}
