/**
 * What an import reads: a plan file, or a folder that is an export's destination (the format's folder inside it
 * is used), the format's own folder, or one change / feature / spec inside it. Paths are given to the readers as
 * `<folder name>/<path inside>` so each reader finds its layout whichever of these was named.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { FORMAT_LABEL, type SpecFormat } from '../../shared/specFormats';
import { ServiceError } from '../base/errors';
import type { ImportedSpec } from './imported';
import { readTree, TREE_LIMITS } from './readTree';
import { READERS } from './registry';

async function isFolder(p: string): Promise<boolean> {
  return (await stat(p).catch(() => undefined))?.isDirectory() ?? false;
}

async function filesOf(format: SpecFormat, target: string): Promise<Map<string, string>> {
  const info = await stat(target).catch(() => undefined);
  if (!info) throw new ServiceError('spec_not_found', `${target} does not exist.`, { path: target });
  if (info.isFile()) {
    if (info.size > TREE_LIMITS.fileBytes)
      throw new ServiceError(
        'spec_too_large',
        `${target} is larger than ${TREE_LIMITS.fileBytes / 1024 / 1024} MB.`,
      );
    return new Map([[path.basename(target), await readFile(target, 'utf8')]]);
  }
  const root = READERS[format].root;
  if (root && (await isFolder(path.join(target, root)))) {
    const under = await readTree(path.join(target, root));
    return new Map([...under].map(([p, t]) => [`${root}/${p}`, t]));
  }
  const name = path.basename(path.resolve(target));
  const under = await readTree(target);
  return new Map([...under].map(([p, t]) => [`${name}/${p}`, t]));
}

export async function readSpecPath(format: SpecFormat, target: string): Promise<ImportedSpec[]> {
  const specs = READERS[format].read(await filesOf(format, target)).filter((s) => s.stories.length > 0);
  if (specs.length === 0)
    throw new ServiceError('spec_not_found', `No ${FORMAT_LABEL[format]} stories were found in ${target}.`, {
      path: target,
    });
  return specs;
}
