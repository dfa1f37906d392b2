import { fileURLToPath } from 'node:url';

/** The repository root (e2e files are ES modules: no __dirname). */
export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
