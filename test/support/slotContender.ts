// A separate Puffin-like process contending for the machine-wide engine slots (run with `node --import tsx`).
//   contend <dir> <limit> <rounds> <log>: takes a slot `rounds` times; while holding, appends "+pid" then "-pid"
//     to the log around a few milliseconds of work (what an engine call would do), then releases.
//   hold <dir> <limit>: takes a slot, says "held <index>" on stdout and keeps it until killed.
import { appendFileSync } from 'node:fs';
import { setTimeout as delay } from 'node:timers/promises';
import { MachineSlots } from '../../src/main/llm/machineSlots';

const [mode, dir, limitText, roundsText, log] = process.argv.slice(2);
const limit = Number(limitText);
const slots = new MachineSlots(dir!, { pollMs: { min: 2, max: 20 } });

if (mode === 'hold') {
  const slot = await slots.acquire(limit);
  process.stdout.write(`held ${slot.index}\n`);
  setInterval(() => {}, 60_000); // keeps the process (and its slot) until it is killed
} else {
  for (let r = 0; r < Number(roundsText); r++) {
    const slot = await slots.acquire(limit);
    appendFileSync(log!, `+${process.pid}\n`);
    await delay(3 + (r % 3) * 2);
    appendFileSync(log!, `-${process.pid}\n`);
    slot.release();
  }
}
