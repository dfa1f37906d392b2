/**
 * Why the CLI could not be started, in words that point at what to change: ENOENT for a file that exists means
 * its interpreter (the #! line) is missing, not the CLI; EACCES for a folder is not a permission to grant.
 */
import { readFileSync, statSync } from 'node:fs';
import type { PromptErrorCode } from '../../llm/errors';

export interface SpawnFailure {
  code: PromptErrorCode;
  detail: string;
}

function interpreterOf(path: string): string | undefined {
  try {
    const head = readFileSync(path, { encoding: 'latin1' }).slice(0, 200);
    return head.startsWith('#!') ? head.slice(2).split('\n')[0]!.trim() : undefined;
  } catch {
    return undefined;
  }
}

export function spawnFailure(errno: string | undefined, cliPath: string): SpawnFailure | undefined {
  if (errno !== 'ENOENT' && errno !== 'EACCES' && errno !== 'EPERM') return undefined;
  const kind = (() => {
    try {
      return statSync(cliPath).isDirectory() ? 'folder' : 'file';
    } catch {
      return 'missing';
    }
  })();
  if (kind === 'folder') return { code: 'cli_not_executable', detail: `${cliPath} is a folder, not the CLI` };
  if (errno === 'ENOENT' && kind === 'file') {
    const interpreter = interpreterOf(cliPath);
    const what = interpreter ? `its interpreter (${interpreter})` : 'a program it needs';
    return { code: 'cli_not_executable', detail: `${cliPath} exists, but ${what} was not found` };
  }
  if (errno === 'ENOENT') return { code: 'cli_not_found', detail: cliPath };
  return { code: 'cli_not_executable', detail: `${cliPath} is not executable for this user` };
}
