// CLASS_STRUCTURE and IPC_HANDLER_REGISTERED against the ts-electron fixture.
// Expected statuses and locations were written by reading the fixture files.
import { describeCases, TS_PROJECT, type Case } from '../../../test/support/assertions/assertionFixtures';

const SVC = 'src/services/storyService.ts';
const IPC = 'src/main/ipc.ts';

const cases: Case[] = [
  // CLASS_STRUCTURE
  {
    id: 'cl-full',
    type: 'CLASS_STRUCTURE',
    target: SVC,
    assertion: {
      class_name: 'StoryService',
      methods: ['constructor', 'all', 'list', 'load', 'remove', 'onChange'],
      properties: ['VERSION', 'stories', 'root', 'name', 'count'],
      extends: 'BaseService',
      implements: ['Repository<Story>'],
    },
    expect: 'pass',
    line: 13,
    column: 1,
  },
  {
    id: 'cl-missing-method',
    type: 'CLASS_STRUCTURE',
    target: SVC,
    assertion: { class_name: 'StoryService', methods: ['save'] },
    expect: 'fail',
    reason: 'lacks method(s) save',
  },
  {
    id: 'cl-wrong-base',
    type: 'CLASS_STRUCTURE',
    target: SVC,
    assertion: { class_name: 'BaseService', extends: 'EventEmitter' },
    expect: 'fail',
    reason: 'does not extend EventEmitter',
  },
  {
    id: 'cl-missing-class',
    type: 'CLASS_STRUCTURE',
    target: SVC,
    assertion: { class_name: 'SprintService' },
    expect: 'fail',
    reason: 'classes: BaseService, StoryService',
  },
  // IPC_HANDLER_REGISTERED
  {
    id: 'ipc-all-forms',
    type: 'IPC_HANDLER_REGISTERED',
    target: IPC,
    assertion: {
      handlers: [
        'stories:delete',
        'stories:list',
        'stories:save',
        'app:version',
        'app:ping',
        'events:progress',
        'window:minimize',
        'settings:get',
      ],
    },
    expect: 'pass',
    line: 14,
    column: 3,
  },
  {
    id: 'ipc-comment',
    type: 'IPC_HANDLER_REGISTERED',
    target: IPC,
    assertion: { handlers: ['commented:out'] },
    expect: 'fail',
    line: 22,
    reason: '1 registration(s) with a channel not resolvable statically',
  },
  {
    id: 'ipc-not-ipcmain',
    type: 'IPC_HANDLER_REGISTERED',
    target: IPC,
    assertion: { handlers: ['fake:channel'] },
    expect: 'fail',
  },
  {
    id: 'ipc-reply-is-not-registration',
    type: 'IPC_HANDLER_REGISTERED',
    target: IPC,
    assertion: { handlers: ['app:pong'] },
    expect: 'fail',
  },
  {
    id: 'ipc-method-filter',
    type: 'IPC_HANDLER_REGISTERED',
    target: IPC,
    assertion: { handlers: ['app:ping'], methods: ['handle'] },
    expect: 'fail',
    reason: 'registered with ipcMain.on',
  },
  {
    id: 'ipc-method-ok',
    type: 'IPC_HANDLER_REGISTERED',
    target: IPC,
    assertion: { handlers: ['app:version'], methods: ['handleOnce'] },
    expect: 'pass',
    line: 17,
  },
  {
    id: 'ipc-glob',
    type: 'IPC_HANDLER_REGISTERED',
    target: 'src/**/*.ts',
    assertion: { handlers: ['stories:list'] },
    expect: 'pass',
    line: 15,
  },
  {
    id: 'ipc-no-file',
    type: 'IPC_HANDLER_REGISTERED',
    target: 'src/main/handlers.ts',
    assertion: { handlers: ['x'] },
    expect: 'fail',
    reason: 'does not exist',
  },
];

describeCases('class and IPC assertions on the ts-electron fixture', TS_PROJECT, cases);
