// FUNCTION_SIGNATURE, EXPORT_EXISTS and IMPORT_EXISTS against the ts-electron fixture.
// Expected statuses and locations were written by reading the fixture files.
import { describe, expect, it } from 'vitest';
import {
  describeCases,
  runCases,
  TS_PROJECT,
  type Case,
} from '../../../test/support/assertions/assertionFixtures';

const SVC = 'src/services/storyService.ts';
const IPC = 'src/main/ipc.ts';

const cases: Case[] = [
  // FUNCTION_SIGNATURE
  {
    id: 'fn-decl',
    type: 'FUNCTION_SIGNATURE',
    target: SVC,
    assertion: { function_name: 'loadStories', parameters: ['root', 'limit'], async: true, exported: true },
    expect: 'pass',
    line: 51,
    column: 1,
  },
  {
    id: 'fn-params-wrong',
    type: 'FUNCTION_SIGNATURE',
    target: SVC,
    assertion: { function_name: 'loadStories', parameters: ['root'] },
    expect: 'fail',
    line: 51,
    reason: 'has parameters (root, limit), expected (root)',
  },
  {
    id: 'fn-method',
    type: 'FUNCTION_SIGNATURE',
    target: SVC,
    assertion: { function_name: 'StoryService.load', parameters: ['file', 'encoding'], async: true },
    expect: 'pass',
    line: 36,
    column: 3,
  },
  {
    id: 'fn-arrow-const',
    type: 'FUNCTION_SIGNATURE',
    target: SVC,
    assertion: { function_name: 'createService', parameters: ['root'], async: false, exported: true },
    expect: 'pass',
    line: 57,
    column: 14,
  },
  {
    id: 'fn-typed-params',
    type: 'FUNCTION_SIGNATURE',
    target: SVC,
    assertion: {
      function_name: 'internalHelper',
      parameters: ['a: number', '{ b, c }', '...rest'],
      exported: true,
    },
    expect: 'pass',
    line: 59,
  },
  {
    id: 'fn-arrow-field',
    type: 'FUNCTION_SIGNATURE',
    target: SVC,
    assertion: { function_name: 'StoryService.onChange', parameters: ['id'] },
    expect: 'pass',
    line: 46,
    column: 3,
  },
  {
    id: 'fn-ctor',
    type: 'FUNCTION_SIGNATURE',
    target: SVC,
    assertion: { function_name: 'StoryService.constructor', parameters: ['root', 'name'] },
    expect: 'pass',
    line: 17,
  },
  {
    id: 'fn-not-async',
    type: 'FUNCTION_SIGNATURE',
    target: SVC,
    assertion: { function_name: 'StoryService.list', async: true },
    expect: 'fail',
    reason: 'is not async',
  },
  {
    id: 'fn-exported-wrong',
    type: 'FUNCTION_SIGNATURE',
    target: IPC,
    assertion: { function_name: 'registerIpcHandlers', exported: false },
    expect: 'fail',
    reason: 'is exported',
  },
  {
    id: 'fn-missing',
    type: 'FUNCTION_SIGNATURE',
    target: SVC,
    assertion: { function_name: 'StoryService.save' },
    expect: 'fail',
    reason: 'not found',
  },
  {
    id: 'fn-glob',
    type: 'FUNCTION_SIGNATURE',
    target: 'src/**/*.ts',
    assertion: { function_name: 'dynamicChannels', parameters: [] },
    expect: 'pass',
    line: 9,
  },
  // EXPORT_EXISTS
  {
    id: 'ex-all-kinds',
    type: 'EXPORT_EXISTS',
    target: SVC,
    assertion: {
      exports: [
        { name: 'StoryService', type: 'class' },
        { name: 'loadStories', type: 'function' },
        { name: 'createService', type: 'function' },
        { name: 'helper' },
        { name: 'StoryMap', type: 'type' },
        { name: 'Repository', type: 'interface' },
        { name: 'Status', type: 'enum' },
        { name: 'counter', type: 'let' },
        { name: 'StoryService', type: 'default' },
        { name: 'default' },
      ],
    },
    expect: 'pass',
    line: 13,
  },
  {
    id: 'ex-wrong-kind',
    type: 'EXPORT_EXISTS',
    target: SVC,
    assertion: { exports: [{ name: 'Status', type: 'class' }] },
    expect: 'fail',
    reason: 'exported, but as a enum',
  },
  {
    id: 'ex-local-only',
    type: 'EXPORT_EXISTS',
    target: SVC,
    assertion: { exports: [{ name: 'internalHelper' }] },
    expect: 'fail',
    reason: 'does not export "internalHelper"',
  },
  {
    id: 'ex-default-wrong',
    type: 'EXPORT_EXISTS',
    target: SVC,
    assertion: { exports: [{ name: 'BaseService', type: 'default' }] },
    expect: 'fail',
  },
  {
    id: 'ex-const-table',
    type: 'EXPORT_EXISTS',
    target: 'src/shared/channels.ts',
    assertion: {
      exports: [
        { name: 'CHANNELS', type: 'const' },
        { name: 'Events', type: 'enum' },
      ],
    },
    expect: 'pass',
    line: 2,
  },
  // IMPORT_EXISTS
  {
    id: 'im-named',
    type: 'IMPORT_EXISTS',
    target: IPC,
    assertion: { module: 'electron', imports: ['ipcMain', 'IpcMainInvokeEvent'] },
    expect: 'pass',
    line: 1,
    column: 1,
  },
  {
    id: 'im-two-decls',
    type: 'IMPORT_EXISTS',
    target: IPC,
    assertion: { module: '../shared/channels', imports: ['CHANNELS', '*'] },
    expect: 'pass',
    line: 2,
  },
  {
    id: 'im-default-and-alias',
    type: 'IMPORT_EXISTS',
    target: SVC,
    assertion: { module: 'node:path', imports: ['default', 'join'] },
    expect: 'pass',
    line: 2,
  },
  {
    id: 'im-ext-agnostic',
    type: 'IMPORT_EXISTS',
    target: IPC,
    assertion: { module: '../services/storyService.js', imports: ['StoryService'] },
    expect: 'pass',
    line: 4,
  },
  {
    id: 'im-name-missing',
    type: 'IMPORT_EXISTS',
    target: SVC,
    assertion: { module: 'node:path', imports: ['resolve'] },
    expect: 'fail',
    reason: 'but not resolve',
  },
  {
    id: 'im-module-missing',
    type: 'IMPORT_EXISTS',
    target: IPC,
    assertion: { module: 'fs' },
    expect: 'fail',
    reason: 'does not import "fs"',
  },
];

describeCases('code-structure assertions on the ts-electron fixture', TS_PROJECT, cases);

describe('the per-run cache', () => {
  it('parses each file at most once although many assertions (and the IPC resolver) read the same files', async () => {
    const shared: Case[] = [
      ...cases,
      {
        id: 'ipc',
        type: 'IPC_HANDLER_REGISTERED',
        target: IPC,
        assertion: { handlers: ['settings:get'] },
        expect: 'pass',
      },
      {
        id: 'ipc-glob',
        type: 'IPC_HANDLER_REGISTERED',
        target: 'src/**/*.ts',
        assertion: { handlers: ['x'] },
        expect: 'fail',
      },
      {
        id: 'css1',
        type: 'CSS_SELECTOR_EXISTS',
        target: 'src/styles/app.css',
        assertion: { selector: '.a' },
        expect: 'fail',
      },
      {
        id: 'css2',
        type: 'CSS_SELECTOR_EXISTS',
        target: 'src/**/*.css',
        assertion: { selector: '.b' },
        expect: 'fail',
      },
      {
        id: 'json1',
        type: 'JSON_PROPERTY',
        target: 'package.json',
        assertion: { path: 'name' },
        expect: 'pass',
      },
      {
        id: 'json2',
        type: 'JSON_PROPERTY',
        target: 'package.json',
        assertion: { path: 'version' },
        expect: 'pass',
      },
    ];
    const { byId, ctx } = await runCases(TS_PROJECT, shared);
    expect(byId.get('ipc')?.status).toBe('pass');
    const counts = [...ctx.parseCounts.entries()];
    for (const key of ['ts:', 'css:', 'json:']) expect(counts.some(([k]) => k.startsWith(key))).toBe(true);
    expect(counts.some(([k]) => k.startsWith('ts:') && k.endsWith('channels.ts'))).toBe(true);
    expect(counts.filter(([, n]) => n !== 1)).toEqual([]);
  });
});
