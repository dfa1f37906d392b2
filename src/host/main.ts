// Entry of `npm run serve` (and of `npm start` where Electron cannot start). The host listens and answers the
// launch URL and the renderer's files at once; the services (the composition root, ws, ajv, execa...) load after
// that first answer, so a start costs little more than a bare HTTP server until the page asks for data.
import { fileURLToPath } from 'node:url';
import { existsSync } from 'node:fs';
import type { Root } from '../main/app/core';
import { onShutdownSignal } from '../main/llm/shutdownSignals';
import { startHost } from './server';

export interface HostCliOptions {
  port?: number;
  /** Print one JSON line {url, launchUrl} instead of prose (used by the e2e harness). */
  json?: boolean;
  /** The built renderer (default out/renderer beside the sources; the prebuilt host lives elsewhere). */
  rendererDir?: string;
}

/** When nobody has opened the host yet, its services still start this long after it listens. */
export const SERVICES_START_MS = 1000;

export async function runHost(opts: HostCliOptions = {}): Promise<void> {
  const rendererDir = opts.rendererDir ?? fileURLToPath(new URL('../../out/renderer', import.meta.url));
  if (!existsSync(`${rendererDir}/index.html`)) {
    process.stderr.write(`The renderer is not built (${rendererDir}); run \`npm run build\` first.\n`);
    process.exit(1);
  }
  let created: Promise<Root> | undefined;
  const createServices = (): Promise<Root> =>
    (created = Promise.all([import('../main/app/core'), import('../main/base/paths')])
      .then(([{ createRoot }, { defaultUserDataDir }]) =>
        createRoot({ userDataDir: defaultUserDataDir(), platform: { face: 'browser' } }),
      )
      .catch((err: unknown) => {
        // As before the services were deferred: the error on stderr and exit code 1. The requests waiting for
        // the services are answered (503) first: the exit waits for the events already queued.
        process.stderr.write(`${(err as Error).stack ?? String(err)}\n`);
        setImmediate(() => void host.close().then(() => process.exit(1)));
        throw err;
      }));
  const host = await startHost({ root: createServices, rendererDir, port: opts.port });
  if (opts.json) process.stdout.write(JSON.stringify({ url: host.url, launchUrl: host.launchUrl }) + '\n');
  else
    process.stdout.write(
      `Puffin is running in your browser host. Open:\n  ${host.launchUrl}\n(Ctrl+C stops it.)\n`,
    );
  setTimeout(() => void host.root().catch(() => {}), SERVICES_START_MS).unref();

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const root = await created?.catch(() => undefined);
    root?.services.logBus.logger('host').info(`Stopping (${signal})`);
    await host.close();
    await root?.dispose();
    process.exit(0);
  };
  onShutdownSignal((signal) => void stop(signal));
}
