/** Puffin's retry options for tests: no backoff waits, so retries happen at once. */
export const instantRetries = { deps: { sleep: async () => {}, random: () => 0 } };
