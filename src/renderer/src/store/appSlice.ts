import type { WorkflowValue } from '../../../shared/ipc/workflowChannels';
import { rememberedView, rememberView } from '../lib/viewMemory';
import { errorNotice } from './uiError';
import type { AppSlice, Slice } from './types';

export const createAppSlice: Slice<AppSlice> = (client) => (set, get, api) => {
  // Whatever moved the view (the nav, a link, a flow that opens its panel), a reload comes back to it.
  api.subscribe((s, prev) => {
    if (s.view !== prev.view) rememberView(s.view);
  });
  return {
    info: null,
    view: rememberedView() ?? 'project',
    notice: null,
    loadErrors: {},
    setView(view) {
      // A notice belongs to the panel it was raised on: moving to another panel puts it away.
      set(view === get().view ? { view } : { view, notice: null });
    },
    notify(notice) {
      set({ notice });
    },
    async runWorkflow(channel, request) {
      try {
        // Every workflow channel answers a WorkflowActionResult; the compiler cannot see it through the generic C.
        const answer = (await client.call(channel, request)) as unknown as {
          data: WorkflowValue<typeof channel>;
        };
        return answer.data;
      } catch (err) {
        set({ notice: errorNotice(err) });
        return null;
      }
    },
    async boot() {
      const unsubs = [
        client.on('log:line', (line) => get().appendLine(line)),
        client.on('settings:changed', (settings) => set({ settings })),
        client.on('project:changed', (project) => set({ project })),
      ];
      try {
        const [info, settings, project, history] = await Promise.all([
          client.call('app:info', {}),
          client.call('settings:get', {}),
          client.call('project:current', {}),
          client.call('log:recent', { limit: 500 }),
        ]);
        set({ info, settings, project });
        // A settings file kept aside is told as store files are: the user may want what it held.
        if (info.problems?.length)
          set({ notice: { kind: 'error', code: 'store_unreadable', message: info.problems.join(' ') } });
        for (const line of history) get().appendLine(line);
      } catch (err) {
        set({ notice: errorNotice(err) });
      }
      return () => unsubs.forEach((u) => u());
    },
  };
};
