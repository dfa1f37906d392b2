/** Handlers of the settings channels (src/shared/ipc/settingsChannels.ts). */
import type { settingsSchemas } from '../../shared/ipc/settingsChannels';
import type { Settings } from '../../shared/settings';
import type { Handlers } from './dispatcher';
import type { SettingsService } from './settingsService';

export function settingsHandlers(settings: SettingsService): Pick<Handlers, keyof typeof settingsSchemas> {
  return {
    'settings:get': () => settings.get(),
    // The schema checked the engines' workflow and provider names; the sanitizer keeps only known ones.
    'settings:update': (patch) => settings.update(patch as Partial<Settings>),
  };
}
