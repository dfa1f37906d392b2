// `puffin ci init`: a GitHub Actions workflow that runs `puffin verify --junit` on every push and pull request and
// keeps the JUnit file as an artifact. Puffin is not published, so the job installs it the one way that names it
// exactly: its git source at the commit that wrote the workflow, fetched, `npm ci`, and its bin run by path.
// GitHub reads workflows only from the repository root's .github/workflows, so a project in a sub-folder gets the
// file at the root with its steps running in the sub-folder.
import path from 'node:path';
import type { CiInitResult } from '../../shared/ipc/proofChannels';
import { writeRepoFile } from './managedFile';
import { puffinSource, PuffinSourceError, runningPuffinRoot, type PuffinSource } from './puffinSource';

export const WORKFLOW_MARKER = '# puffin-managed-workflow';
export const WORKFLOW_FILE = '.github/workflows/puffin-verify.yml';
export const JUNIT_FILE = 'puffin-junit.xml';
/** Where the job installs Puffin: outside the project's checkout. */
const PUFFIN_DIR = '"$RUNNER_TEMP/puffin"';
export const VERIFY_RUN = `node ${PUFFIN_DIR}/bin/puffin.cjs verify --project . --junit ${JUNIT_FILE}`;
export const OVERLAP_JUNIT_FILE = 'puffin-overlap-junit.xml';
/** Every branch the job fetched, against each other: work in flight that overlaps fails the job. */
export const OVERLAP_RUN = `node ${PUFFIN_DIR}/bin/puffin.cjs overlap --project . --strict --junit ${OVERLAP_JUNIT_FILE}`;

/** A YAML double-quoted scalar (JSON strings are valid ones). */
function yamlString(s: string): string {
  return JSON.stringify(s);
}

export interface WorkflowOptions {
  /** The project folder relative to the repository root ('' at the root). */
  prefix: string;
  /** Where the job fetches Puffin from, and the commit it installs. */
  puffin: Pick<PuffinSource, 'url' | 'commit'>;
}

export function verifyWorkflowYaml(options: WorkflowOptions): string {
  const dir = options.prefix || '.';
  const artifact = options.prefix ? `${options.prefix}/${JUNIT_FILE}` : JUNIT_FILE;
  const overlapArtifact = options.prefix ? `${options.prefix}/${OVERLAP_JUNIT_FILE}` : OVERLAP_JUNIT_FILE;
  return [
    `${WORKFLOW_MARKER} (written by \`puffin ci init\`; Puffin rewrites this file only while this line is here)`,
    'name: Puffin verify',
    'on:',
    '  push:',
    '  pull_request:',
    'permissions:',
    '  contents: read',
    'jobs:',
    '  verify:',
    '    runs-on: ubuntu-latest',
    '    env:',
    '      # Puffin itself: this source at this commit (`puffin ci init` run again pins a newer one).',
    `      PUFFIN_SOURCE: ${yamlString(options.puffin.url)}`,
    `      PUFFIN_COMMIT: ${yamlString(options.puffin.commit)}`,
    '    defaults:',
    '      run:',
    `        working-directory: ${yamlString(dir)}`,
    '    steps:',
    '      - uses: actions/checkout@v4',
    '        with:',
    '          fetch-depth: 0',
    '      - uses: actions/setup-node@v4',
    '        with:',
    '          node-version: 22',
    '      - name: Install Puffin from its source at the pinned commit',
    '        env:',
    '          ELECTRON_SKIP_BINARY_DOWNLOAD: "1"',
    '        run: |',
    `          git init --quiet ${PUFFIN_DIR}`,
    `          git -C ${PUFFIN_DIR} fetch --quiet --depth 1 "$PUFFIN_SOURCE" "$PUFFIN_COMMIT"`,
    `          git -C ${PUFFIN_DIR} checkout --quiet FETCH_HEAD`,
    `          cd ${PUFFIN_DIR} && npm ci --no-audit --no-fund`,
    '      # Exit 1 when any assertion fails; the JUnit file has one test case per assertion.',
    `      - run: ${VERIFY_RUN}`,
    '      # Every remote branch as a local one, then sprints in flight on two of them that touch the same files.',
    '      - name: Overlap of work in flight across branches',
    '        if: always()',
    '        run: |',
    '          git for-each-ref --format="%(refname:lstrip=3)" refs/remotes/origin | grep -v "^HEAD$" | while read -r b; do',
    '            git show-ref --verify --quiet "refs/heads/$b" || git branch --quiet "$b" "origin/$b"',
    '          done',
    `          ${OVERLAP_RUN}`,
    '      - uses: actions/upload-artifact@v4',
    '        if: always()',
    '        with:',
    '          name: puffin-junit',
    `          path: ${yamlString(artifact)}`,
    '      - uses: actions/upload-artifact@v4',
    '        if: always()',
    '        with:',
    '          name: puffin-overlap-junit',
    `          path: ${yamlString(overlapArtifact)}`,
    '',
  ].join('\n');
}

/**
 * Writes (or refreshes) the workflow of the repository that holds `projectDir`, installing the Puffin checkout at
 * `puffinRoot` (default: the one running this).
 */
export async function writeCiWorkflow(
  projectDir: string,
  puffinRoot: string | null = runningPuffinRoot(),
): Promise<CiInitResult> {
  if (!puffinRoot)
    throw new PuffinSourceError(
      'This Puffin runs from no checkout of its repository, so there is no commit a CI job could install. ' +
        'Run `puffin ci init` with Puffin from a clone (git clone, npm install, then npm link).',
    );
  const source = await puffinSource(puffinRoot);
  const written = await writeRepoFile(projectDir, {
    needs: 'GitHub Actions needs one.',
    marker: WORKFLOW_MARKER,
    code: 'workflow_exists',
    advice:
      'Add a step installing Puffin and running its `puffin verify --junit` to it, or move it aside and run again.',
    render: (where) =>
      Promise.resolve({
        file: path.join(where.root, ...WORKFLOW_FILE.split('/')),
        content: verifyWorkflowYaml({ prefix: where.prefix, puffin: source }),
      }),
  });
  return { ...written, puffin: { source: source.url, commit: source.commit }, warnings: source.warnings };
}
