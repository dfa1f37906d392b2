// Imported by fakeClaude.mjs for its side effect. FAKE_CLAUDE_CPU_FILE: at exit, one JSON line of this process's own
// CPU (process.cpuUsage(), µs) is appended there (the benches compare CPU, which a loaded machine does not inflate
// the way it does wall time).
import { appendFileSync } from 'node:fs';

const file = process.env.FAKE_CLAUDE_CPU_FILE;
if (file) process.on('exit', () => appendFileSync(file, JSON.stringify(process.cpuUsage()) + '\n'));
