import { randomBytes } from 'node:crypto';
import { open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { ServiceError } from './errors';

/** Errno codes of a full disk or quota: nothing Puffin can do but say so. */
const DISK_FULL = new Set(['ENOSPC', 'EDQUOT']);
/** Errno codes of a file or folder Puffin may not write (permissions, read-only file system, immutable file). */
const NOT_WRITABLE = new Set(['EACCES', 'EPERM', 'EROFS']);

/**
 * A failed write of a store (or settings) file as the error the user can act on: `disk_full` or
 * `store_not_writable`, naming the file and what to do. Any other error is returned as it is.
 */
export function writeFailure(err: unknown, path: string): unknown {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  if (code && DISK_FULL.has(code))
    return new ServiceError(
      'disk_full',
      `The disk is full: Puffin could not save ${path}. Free some space on that disk, then retry; ` +
        `nothing was changed.`,
      { path, errno: code },
    );
  if (code && NOT_WRITABLE.has(code))
    return new ServiceError(
      'store_not_writable',
      `Puffin may not write ${path} (${code === 'EROFS' ? 'read-only file system' : 'permission denied'}). ` +
        `Make the folder writable for your user (or move the project to a writable disk), then retry; ` +
        `nothing was changed.`,
      { path, errno: code },
    );
  return err;
}

/** Runs a write and rethrows its failure as writeFailure says. */
export async function typedWrite<T>(path: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    throw writeFailure(err, path);
  }
}

/**
 * Proves a folder can be written now (a probe file created and removed), so a read-only store is reported when
 * the project opens rather than at the first save. `access(W_OK)` is not enough: it says yes to root on a
 * read-only mount's neighbours and no on some network shares that would accept the write.
 */
export async function checkWritable(dir: string): Promise<void> {
  const probe = join(dir, `.write-check.p${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  await typedWrite(dir, async () => {
    const handle = await open(probe, 'wx', 0o644);
    await handle.close();
    await rm(probe, { force: true });
  });
}
