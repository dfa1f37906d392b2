/** Handlers of the app's own channels (src/shared/ipc/appChannels.ts): info, log, where the CLI is, links. */
import type { appSchemas } from '../../shared/ipc/appChannels';
import { isSafeExternalUrl } from '../../shared/urls';
import { ServiceError } from '../base/errors';
import { PromptError } from '../llm/errors';
import type { Handlers } from './dispatcher';
import type { FacePlatform, Services } from './services';

export function appHandlers(
  services: Services,
  platform: FacePlatform,
): Pick<Handlers, keyof typeof appSchemas> {
  const { settings, logBus, info } = services;
  return {
    'app:info': () => (settings.problems.length ? { ...info, problems: [...settings.problems] } : info),
    'log:recent': ({ limit }) => logBus.recent(limit),
    'cli:locate': async () => {
      try {
        const cli = await services.locateCli();
        return { found: true, path: cli.path, source: cli.source };
      } catch (err) {
        if (err instanceof PromptError && (err.code === 'cli_not_found' || err.code === 'cli_not_executable'))
          return { found: false, code: err.code, message: err.message };
        throw err;
      }
    },
    'log:openFile': async () => {
      const path = info.logFile;
      if (!platform.openPath) return { opened: false, path };
      await platform.openPath(path);
      return { opened: true, path };
    },
    'shell:openExternal': async ({ url }) => {
      if (!isSafeExternalUrl(url))
        throw new ServiceError('invalid_payload', `Refused to open "${url}": not a web link.`);
      if (!platform.openExternal) return { opened: false };
      await platform.openExternal(url); // eng-disable OPEN_EXTERNAL_JS_CHECK (checked by isSafeExternalUrl above)
      return { opened: true };
    },
  };
}
