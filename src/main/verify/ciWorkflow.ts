// `puffin ci init`: a GitHub Actions workflow that runs `npx puffin verify --junit` on every push and pull request
// and keeps the JUnit file as an artifact. GitHub reads workflows only from the repository root's .github/workflows,
// so a project in a sub-folder gets the file at the root with its steps running in the sub-folder.
import { access } from 'node:fs/promises';
import path from 'node:path';
import { writeRepoFile, type ManagedFileResult } from './managedFile';

export const WORKFLOW_MARKER = '# puffin-managed-workflow';
export const WORKFLOW_FILE = '.github/workflows/puffin-verify.yml';
export const JUNIT_FILE = 'puffin-junit.xml';

/** A YAML double-quoted scalar (JSON strings are valid ones). */
function yamlString(s: string): string {
  return JSON.stringify(s);
}

export interface WorkflowOptions {
  /** The project folder relative to the repository root ('' at the root). */
  prefix: string;
  /** Whether the project has a package-lock.json (then `npm ci` installs the project's own puffin first). */
  lockfile: boolean;
}

export function verifyWorkflowYaml(options: WorkflowOptions): string {
  const dir = options.prefix || '.';
  const artifact = options.prefix ? `${options.prefix}/${JUNIT_FILE}` : JUNIT_FILE;
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
    '    defaults:',
    '      run:',
    `        working-directory: ${yamlString(dir)}`,
    '    steps:',
    '      - uses: actions/checkout@v4',
    '      - uses: actions/setup-node@v4',
    '        with:',
    '          node-version: 22',
    ...(options.lockfile ? ['      - run: npm ci'] : []),
    '      # Exit 1 when any assertion fails; the JUnit file has one test case per assertion.',
    `      - run: npx puffin verify --project . --junit ${JUNIT_FILE}`,
    '      - uses: actions/upload-artifact@v4',
    '        if: always()',
    '        with:',
    '          name: puffin-junit',
    `          path: ${yamlString(artifact)}`,
    '',
  ].join('\n');
}

/** Writes (or refreshes) the workflow of the repository that holds `projectDir`. */
export function writeCiWorkflow(projectDir: string): Promise<ManagedFileResult> {
  return writeRepoFile(projectDir, {
    needs: 'GitHub Actions needs one.',
    marker: WORKFLOW_MARKER,
    code: 'workflow_exists',
    advice: `Add a step running \`npx puffin verify --project . --junit ${JUNIT_FILE}\` to it, or move it aside and run again.`,
    render: async (where) => {
      const lockfile = await access(path.join(projectDir, 'package-lock.json')).then(
        () => true,
        () => false,
      );
      return {
        file: path.join(where.root, ...WORKFLOW_FILE.split('/')),
        content: verifyWorkflowYaml({ prefix: where.prefix, lockfile }),
      };
    },
  });
}
