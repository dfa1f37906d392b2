import { describe, expect, it } from 'vitest';
import { contractViolation, createFakeClient } from './fakeClient';

describe('the fake client enforces the contract', () => {
  it('names what main would refuse in a request, and passes a valid one', () => {
    expect(contractViolation('project:open', { path: '' })).toMatch(
      /request\/path must NOT have fewer than 1 characters/,
    );
    expect(contractViolation('project:open', { path: '/p', extra: 1 })).toMatch(
      /must NOT have additional properties/,
    );
    expect(contractViolation('project:open', { path: '/p' })).toBeNull();
    expect(contractViolation('app:info', undefined)).toBeNull();
  });

  it('answers a valid request from its handler', async () => {
    const client = createFakeClient();
    client.handle('log:recent', ({ limit }) => [
      { seq: 1, level: 'info', scope: 'app', message: `last ${limit}`, time: 't' },
    ]);
    await expect(client.call('log:recent', { limit: 5 })).resolves.toMatchObject([{ message: 'last 5' }]);
  });

  it("refuses an invalid request with main's invalid_payload error, without running the handler", async () => {
    const reported: string[] = [];
    const client = createFakeClient({ onInvalidRequest: (m) => reported.push(m) });
    let ran = false;
    client.handle('project:open', () => {
      ran = true;
      return null as never;
    });
    const refused = await client.call('project:open', { path: '' }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ name: 'IpcError', code: 'invalid_payload' });
    expect(reported).toEqual([(refused as Error).message]);
    expect(reported[0]).toMatch(/^Invalid request for project:open: request\/path /);
    expect(ran).toBe(false);
  });

  // Expected to fail: the test that sent an invalid request fails, even though the caller caught the error.
  it.fails('fails the test that sent an invalid request', async () => {
    const client = createFakeClient();
    await client.call('project:open', { path: '' }).catch(() => undefined);
  });
});
