/**
 * The repo map built in a worker thread: the listing, the cache and every parse run here, so the app's and the
 * host's event loops keep serving their clients during a large first build. Started per build by
 * mapWorkerClient.ts and terminated to cancel; it answers with progress messages, then the map or an error.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { loadMapInputs } from './mapInputs';
import { RepoMapBuilder, type MapProgress } from './repoMap';
import type { MapJob, MapWorkerMessage } from './mapWorkerProtocol';

/** Progress goes out at most this often: a large build has thousands of batches. */
const PROGRESS_EVERY_MS = 100;

async function main(job: MapJob): Promise<void> {
  const post = (m: MapWorkerMessage) => parentPort!.postMessage(m);
  let lastProgress = 0;
  const onProgress = (p: MapProgress) => {
    const now = performance.now();
    if (now - lastProgress < PROGRESS_EVERY_MS && p.done < p.total) return;
    lastProgress = now;
    post({ type: 'progress', progress: p });
  };
  try {
    const { policy, gitStatus } = await loadMapInputs(job.root, job.allow);
    const builder = new RepoMapBuilder(job.root, job.maxReadBytes);
    const map = await builder.build({
      policy: policy.policy,
      policyKey: policy.key,
      gitStatus,
      budgetTokens: job.budgetTokens,
      onProgress,
    });
    post({ type: 'done', map });
  } catch (err) {
    post({ type: 'error', message: (err as Error).message });
  }
}

void main(workerData as MapJob);
