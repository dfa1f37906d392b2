/** A read-only git command in a project, for the map's listing and status: its output, or null when git failed. */

const GIT_MAX_OUTPUT = 64 * 1024 * 1024;

export async function runGit(root: string, args: string[], timeoutMs: number): Promise<string | null> {
  // Loaded when first used, as everywhere git is run from: execa's modules cost every start.
  const { execa } = await import('execa');
  const r = await execa('git', args, {
    cwd: root,
    reject: false,
    timeout: Math.max(1, Math.round(timeoutMs)),
    maxBuffer: GIT_MAX_OUTPUT,
    stdin: 'ignore',
    windowsHide: true,
    // Never the user's pager or a prompt; never rewrite the index (a read must not race a user's git).
    env: { GIT_OPTIONAL_LOCKS: '0', GIT_TERMINAL_PROMPT: '0' },
  });
  return r.exitCode === 0 ? String(r.stdout) : null;
}
