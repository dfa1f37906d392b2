import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { onShutdownSignal, SHUTDOWN_SIGNALS, type SignalSource } from './shutdownSignals';

function fakeProcess() {
  const emitter = new EventEmitter();
  const source: SignalSource = {
    on: (s, l) => emitter.on(s, l),
    off: (s, l) => emitter.off(s, l),
  };
  return {
    source,
    emit: (s: NodeJS.Signals) => emitter.emit(s, s),
    count: (s: string) => emitter.listenerCount(s),
  };
}

describe('onShutdownSignal', () => {
  it('treats SIGHUP (terminal closed) like SIGINT and SIGTERM, until removed', () => {
    const p = fakeProcess();
    const seen: string[] = [];
    const off = onShutdownSignal((s) => seen.push(s), p.source);
    p.emit('SIGHUP');
    p.emit('SIGTERM');
    p.emit('SIGINT');
    expect(seen).toEqual(['SIGHUP', 'SIGTERM', 'SIGINT']);
    off();
    expect(SHUTDOWN_SIGNALS.map(p.count)).toEqual([0, 0, 0]);
    p.emit('SIGHUP');
    expect(seen).toHaveLength(3);
  });
});
