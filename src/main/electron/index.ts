import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runDesktop } from './desktop';

// Bundled to out/main/index.js; out/ holds preload/ and renderer/ beside it.
runDesktop(join(dirname(fileURLToPath(import.meta.url)), '..'));
