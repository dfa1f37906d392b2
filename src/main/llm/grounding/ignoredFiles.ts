/**
 * What git ignores in a project, as git itself decides (every .gitignore, .git/info/exclude, the global excludes
 * file): one entry per ignored folder (`node_modules/`) or file, relative. Not a git work tree: nothing is ignored.
 */

const GIT_TIMEOUT_MS = 15_000;

export async function listIgnored(root: string): Promise<string[]> {
  // Loaded when first used: evaluating execa's modules cost every start ~5 ms of CPU.
  const { execa } = await import('execa');
  const result = await execa(
    'git',
    ['ls-files', '--others', '--ignored', '--exclude-standard', '--directory', '-z'],
    { cwd: root, reject: false, timeout: GIT_TIMEOUT_MS, stdin: 'ignore', windowsHide: true },
  );
  if (result.exitCode !== 0) return [];
  return String(result.stdout)
    .split('\0')
    .filter((entry) => entry !== '')
    .sort();
}
