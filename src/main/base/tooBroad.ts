/**
 * Folders that hold many projects or the system itself, never one project: a store there would sit above all of
 * them, and a grounded call would walk the whole disk. Refused with what to open instead.
 */
import { homedir } from 'node:os';
import { isAbsolute, join, parse, relative, resolve } from 'node:path';
import { ServiceError } from './errors';

const SYSTEM_FOLDERS = new Set([
  '/bin',
  '/boot',
  '/dev',
  '/etc',
  '/lib',
  '/lib32',
  '/lib64',
  '/libx32',
  '/opt',
  '/proc',
  '/root',
  '/run',
  '/sbin',
  '/srv',
  '/sys',
  '/tmp',
  '/usr',
  '/var',
  '/home',
  '/Users',
  '/Applications',
  '/Library',
  '/System',
  '/Volumes',
  '/private',
]);
/** Below these nothing is a project: kernel views and devices. */
const SYSTEM_TREES = ['/proc/', '/sys/', '/dev/'];
const WINDOWS_SYSTEM = /^[a-z]:\\(windows|program files( \(x86\))?|programdata|users)\\?$/i;

/** What the folder is when it is too broad to be a project, else null. */
export function tooBroadReason(path: string, home = resolve(homedir())): string | null {
  const full = resolve(path);
  if (full === parse(full).root) return 'the root of the file system';
  if (full === home) return 'your home folder';
  if (SYSTEM_FOLDERS.has(full) || SYSTEM_TREES.some((t) => full.startsWith(t)) || WINDOWS_SYSTEM.test(full))
    return 'a system folder';
  // A folder that holds the home folder (`/home`, `/Users`) holds every user's projects.
  const rel = relative(full, home);
  if (rel !== '' && !rel.startsWith('..') && !isAbsolute(rel)) return 'a system folder';
  return null;
}

/** Throws not_a_project_folder for a folder that is too broad to be a project. */
export function refuseTooBroad(path: string, home = resolve(homedir())): void {
  const what = tooBroadReason(path, home);
  if (what)
    throw new ServiceError(
      'not_a_project_folder',
      `${path} is ${what}, not a project folder. Open the folder of one project instead (for example ${join(home, 'code', 'my-app')}).`,
    );
}
