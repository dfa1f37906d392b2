import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGitFixture, type GitFixture } from '../../../test/support/gitFixture';
import { verifyWorkflowYaml, WORKFLOW_FILE, writeCiWorkflow } from './ciWorkflow';
import { ForeignFileError } from './managedFile';

let repo: GitFixture;
beforeEach(async () => {
  repo = await createGitFixture('puffin-ci-');
});
afterEach(() => repo.cleanup());

describe('verifyWorkflowYaml', () => {
  it('runs verify with a JUnit file on push and pull request and keeps the file as an artifact', () => {
    const lines = verifyWorkflowYaml({ prefix: '', lockfile: false }).split('\n');
    expect(lines.slice(2, 5)).toEqual(['on:', '  push:', '  pull_request:']);
    expect(lines).toContain('      - run: npx puffin verify --project . --junit puffin-junit.xml');
    expect(lines).toContain('        working-directory: "."');
    expect(lines).toContain('          path: "puffin-junit.xml"');
    expect(lines).not.toContain('      - run: npm ci');
  });

  it('installs the project’s dependencies first when it has a lockfile, and runs in its sub-folder', () => {
    const lines = verifyWorkflowYaml({ prefix: 'apps/web', lockfile: true }).split('\n');
    expect(lines).toContain('        working-directory: "apps/web"');
    expect(lines).toContain('          path: "apps/web/puffin-junit.xml"');
    expect(lines.indexOf('      - run: npm ci')).toBeLessThan(
      lines.indexOf('      - run: npx puffin verify --project . --junit puffin-junit.xml'),
    );
  });
});

describe('writeCiWorkflow', () => {
  it('writes the workflow at the repository root for a project in a sub-folder; a rerun changes nothing', async () => {
    const project = path.join(repo.dir, 'apps', 'web');
    await repo.write({ 'apps/web/package-lock.json': '{}' });
    const first = await writeCiWorkflow(project);
    expect(first.action).toBe('created');
    expect(path.relative(repo.dir, first.path).split(path.sep).join('/')).toBe(WORKFLOW_FILE);
    expect(await readFile(first.path, 'utf8')).toBe(
      verifyWorkflowYaml({ prefix: 'apps/web', lockfile: true }),
    );
    expect((await writeCiWorkflow(project)).action).toBe('unchanged');
  });

  it('refuses to overwrite a workflow it did not write', async () => {
    const file = path.join(repo.dir, ...WORKFLOW_FILE.split('/'));
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, 'name: mine\n');
    const err = await writeCiWorkflow(repo.dir).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ForeignFileError);
    expect((err as ForeignFileError).code).toBe('workflow_exists');
    expect(await readFile(file, 'utf8')).toBe('name: mine\n');
  });
});
