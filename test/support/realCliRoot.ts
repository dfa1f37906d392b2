// The app's composition root over a real-CLI world, as the faces build it: the journeys (test/stories, test/plans)
// and the store fixture drive the services through it.
import { createRoot, type Root } from '../../src/main/app/core';
import { instantRetries } from './instantRetries';
import type { RealCliWorld } from './realCliWorld';
import { driveServices, type ServiceDriver } from './serviceDriver';

/** A root on the world's user-data folder whose CLI calls go to the world's CLI and mock. */
export function createWorldRoot(world: RealCliWorld): Promise<Root> {
  return createRoot({
    userDataDir: world.userData,
    platform: { face: 'browser' },
    llm: { env: () => world.env, retry: instantRetries },
  });
}

/** A root driven like a face (waits bounded by the world's progress), with the world's project open. */
export async function openWorldRoot(world: RealCliWorld): Promise<{ root: Root; driver: ServiceDriver }> {
  const root = await createWorldRoot(world);
  const driver = driveServices(root, world);
  await driver.call('project:open', { path: world.project });
  return { root, driver };
}
