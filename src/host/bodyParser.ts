/**
 * Request bodies parsed without holding the event loop: a body of a few MB took JSON.parse hundreds of ms, during
 * which every other client of the host waited. Small bodies are parsed in place (a worker round trip costs more);
 * large ones in a worker thread, which also refuses a body of more values than any request of the contract holds,
 * so only a bounded value is ever copied back.
 */
import { Worker } from 'node:worker_threads';

/** Bodies at least this large are parsed in the worker. */
export const OFF_LOOP_BYTES = 256 * 1024;
/** More JSON values than the largest request of the contract holds (10,000 ids), with room to spare. */
export const MAX_BODY_VALUES = 100_000;

export class BodyError extends Error {
  override readonly name = 'BodyError';
  constructor(readonly reason: 'not_json' | 'too_many_values') {
    super(
      reason === 'not_json'
        ? 'Body is not valid JSON.'
        : `Body holds more than ${MAX_BODY_VALUES} values; no request needs that many.`,
    );
  }
}

/** Plain JavaScript, evaluated as the worker: nothing to bundle or resolve. */
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
parentPort.on('message', ({ id, bytes, maxValues }) => {
  let value;
  try {
    value = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return parentPort.postMessage({ id, error: 'not_json' });
  }
  const stack = [value];
  for (let count = 0; stack.length > 0; ) {
    const v = stack.pop();
    if (++count > maxValues) return parentPort.postMessage({ id, error: 'too_many_values' });
    if (v !== null && typeof v === 'object') for (const k in v) stack.push(v[k]);
  }
  parentPort.postMessage({ id, value });
});
`;

interface Reply {
  id: number;
  value?: unknown;
  error?: BodyError['reason'];
}

export interface BodyParser {
  parse(body: Buffer): Promise<unknown>;
  /** Stops the worker; pending parses fail. */
  close(): Promise<void>;
}

export function createBodyParser(offLoopBytes = OFF_LOOP_BYTES): BodyParser {
  let worker: Worker | null = null;
  let next = 0;
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  const failAll = (error: Error) => {
    for (const p of pending.values()) p.reject(error);
    pending.clear();
    worker = null;
  };
  const start = (): Worker => {
    const w = new Worker(WORKER_SOURCE, { eval: true });
    // Idle, it must not keep the process alive.
    w.unref();
    w.on('message', ({ id, value, error }: Reply) => {
      const p = pending.get(id);
      pending.delete(id);
      if (pending.size === 0) w.unref();
      if (error) p?.reject(new BodyError(error));
      else p?.resolve(value);
    });
    w.on('error', failAll);
    w.on('exit', () => failAll(new Error('The request parser stopped.')));
    return w;
  };
  return {
    parse(body) {
      if (body.length < offLoopBytes) {
        try {
          return Promise.resolve(JSON.parse(body.toString('utf8')) as unknown);
        } catch {
          return Promise.reject(new BodyError('not_json'));
        }
      }
      const w = (worker ??= start());
      // Busy, it keeps the process alive until it answers.
      w.ref();
      const id = next++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        const bytes = new Uint8Array(body.buffer, body.byteOffset, body.byteLength).slice();
        w.postMessage({ id, bytes, maxValues: MAX_BODY_VALUES }, [bytes.buffer]);
      });
    },
    async close() {
      const w = worker;
      worker = null;
      if (w) await w.terminate();
    },
  };
}
