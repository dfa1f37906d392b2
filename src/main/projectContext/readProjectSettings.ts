/**
 * The project settings of a folder that is not opened (`puffin prompt --project DIR`), read from its
 * `.puffin/project.json` without touching the store (nothing is created or kept aside): null when there is no such
 * file or it is not valid.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { STORE_DIR } from '../../shared/project';
import type { ProjectSettings } from '../../shared/stories';
import { recordCheck } from '../store/recordSchemas';

const check = recordCheck('project-settings');

export async function readProjectSettings(root: string): Promise<ProjectSettings | null> {
  try {
    const value: unknown = JSON.parse(await readFile(path.join(root, STORE_DIR, 'project.json'), 'utf8'));
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
    // Description and conventions may be missing from an older file; they default to empty.
    const settings = { description: '', conventions: '', ...value };
    return check(settings) === null ? (settings as ProjectSettings) : null;
  } catch {
    return null;
  }
}
