// The headless face: the same core services as the app (settings, project store, sendPrompt, generations),
// with log lines on stderr (warnings and errors; everything with PUFFIN_DEBUG) and stdout left to the result.
import { createRoot, type Services } from '../../main/core/core';
import { LogBus } from '../../main/core/logger';
import { defaultUserDataDir } from '../../main/core/paths';
import { onShutdownSignal } from '../../main/llm/shutdownSignals';
import type { CliIo } from '../command';

export interface Headless {
  core: Services;
  /** Stops Ctrl-C handling and disposes the core (kills any CLI still running). */
  close(): Promise<void>;
}

export async function headlessCore(io: CliIo): Promise<Headless> {
  const logBus = new LogBus();
  const debug = Boolean(io.env.PUFFIN_DEBUG);
  logBus.subscribe((l) => {
    if (!debug && l.level !== 'warn' && l.level !== 'error') return;
    const context = l.context ? ` ${JSON.stringify(l.context)}` : '';
    io.stderr.write(`puffin ${l.level} [${l.scope}]: ${l.message}${context}\n`);
  });
  const root = await createRoot({
    userDataDir: defaultUserDataDir(io.env),
    logBus,
    platform: { face: 'cli' },
    llm: { env: () => io.env },
  });
  const core = root.services;
  // Ctrl-C (and kill, and a closed terminal) cancels: the running generation is stored as cancelled and its CLI
  // process tree killed.
  const offSignals = onShutdownSignal(() => root.cancelAll());
  return {
    core,
    async close() {
      offSignals();
      await root.dispose();
    },
  };
}

/** Generation ids made by the headless CLI: valid record ids, sortable, unique enough per project. */
export function headlessId(): string {
  return `cli-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}
