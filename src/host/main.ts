// Entry of `npm run serve` (and of `npm start` where Electron cannot start).
import { fileURLToPath } from 'node:url';
import { existsSync } from 'node:fs';
import { createRoot } from '../main/core/core';
import { defaultUserDataDir } from '../main/core/paths';
import { onShutdownSignal } from '../main/llm/shutdownSignals';
import { startHost } from './server';

export interface HostCliOptions {
  port?: number;
  /** Print one JSON line {url, launchUrl} instead of prose (used by the e2e harness). */
  json?: boolean;
  /** The built renderer (default out/renderer beside the sources; the prebuilt host lives elsewhere). */
  rendererDir?: string;
}

export async function runHost(opts: HostCliOptions = {}): Promise<void> {
  const rendererDir = opts.rendererDir ?? fileURLToPath(new URL('../../out/renderer', import.meta.url));
  if (!existsSync(`${rendererDir}/index.html`)) {
    process.stderr.write(`The renderer is not built (${rendererDir}); run \`npm run build\` first.\n`);
    process.exit(1);
  }
  const root = await createRoot({ userDataDir: defaultUserDataDir(), platform: { face: 'browser' } });
  const host = await startHost({ root, rendererDir, port: opts.port });
  if (opts.json) process.stdout.write(JSON.stringify({ url: host.url, launchUrl: host.launchUrl }) + '\n');
  else
    process.stdout.write(
      `Puffin is running in your browser host. Open:\n  ${host.launchUrl}\n(Ctrl+C stops it.)\n`,
    );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    root.services.logBus.logger('host').info(`Stopping (${signal})`);
    await host.close();
    await root.dispose();
    process.exit(0);
  };
  onShutdownSignal((signal) => void stop(signal));
}
