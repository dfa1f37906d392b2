// What the command line derives from a workflow's action: the words, one flag per request field (kebab-case, the
// field's kind, required as the schema says), stdin for the named text field, and the request argv makes.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WORKFLOW_ACTIONS } from '../../shared/ipc/workflowChannels';
import { FAKE_WORKFLOWS } from '../../../test/support/fakeWorkflowAction';
import { workflowActions } from '../../shared/workflowActions';
import { parseArgs } from '../args';
import { usage } from '../help';
import type { CliIo } from '../io';
import { commands } from './index';
import { actionCommand } from './workflows';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'puffin-workflow-cmd-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function io(stdin = ''): CliIo {
  const input = new PassThrough();
  input.end(stdin);
  return { stdin: input, stdout: new PassThrough(), stderr: new PassThrough(), env: {}, cwd: dir };
}

describe('a workflow action’s command', () => {
  const [action] = workflowActions(FAKE_WORKFLOWS);
  const cmd = actionCommand(action!);

  it('has the action’s words, channel and a flag per request field but the stdin one', () => {
    expect(cmd).toMatchObject({ path: ['notes', 'tag'], channel: 'notes:tag', project: true });
    expect(cmd.stdin).toEqual({ field: 'text', what: 'text', trim: true });
    expect(cmd.flags).toEqual([
      { flag: 'story-id', kind: 'string', field: 'storyId', required: true },
      { flag: 'max-tags', kind: 'integer', field: 'maxTags' },
      { flag: 'tone', kind: 'string', field: 'tone', value: 'plain|fun' },
      { flag: 'strict', kind: 'boolean', field: 'strict' },
      { flag: 'keep', kind: 'list', field: 'keep' },
      { flag: 'lines', kind: 'integers', field: 'lines' },
    ]);
    expect(usage(cmd)).toContain('--story-id VALUE [--max-tags N] [--tone plain|fun] [--strict]');
  });

  it('turns argv and stdin into the workflow’s input', async () => {
    const argv = [
      '--project',
      dir,
      '--story-id',
      's1',
      '--max-tags',
      '3',
      '--strict',
      '--keep',
      'a,b',
      '--lines',
      '2,4',
    ];
    const parsed = await parseArgs(cmd, argv, io('  a note \n'));
    expect(parsed.project).toBe(dir);
    expect(parsed.payload).toEqual({
      text: 'a note',
      storyId: 's1',
      maxTags: 3,
      strict: true,
      keep: ['a', 'b'],
      lines: [2, 4],
    });
  });

  it('refuses a command without its required flag', async () => {
    await expect(parseArgs(cmd, ['--project', dir], io('x'))).rejects.toThrow(/--story-id/);
  });
});

describe('every workflow that declares an action', () => {
  it('has its derived command, after the written ones', () => {
    const derived = commands.slice(commands.length - WORKFLOW_ACTIONS.length);
    expect(derived.map((c) => [c.channel, c.path])).toEqual(
      WORKFLOW_ACTIONS.map((a) => [a.channel, a.cli.path]),
    );
  });
});
