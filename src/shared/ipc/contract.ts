/**
 * The IPC contract: the single source of channel names, request schemas and response/event types.
 * Main validates every request against `requestSchemas` before a service sees it; the preload and the
 * browser-host client are generated from the channel list, so a channel exists everywhere or nowhere.
 */
import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import type { LogLine } from '../log';
import type { ProjectInfo } from '../project';
import type { Settings } from '../settings';
import type { IpcResult } from './errors';

const schema = <const S extends JSONSchema>(s: S): S => s;
const empty = schema({ type: 'object', additionalProperties: false, properties: {} });

export const requestSchemas = {
  'app:info': empty,
  'settings:get': empty,
  'settings:update': schema({
    type: 'object',
    additionalProperties: false,
    minProperties: 1,
    properties: {
      claudePath: { type: 'string', maxLength: 4096 },
      maxConcurrent: { type: 'integer', minimum: 1, maximum: 16 },
      defaultModel: { type: 'string', maxLength: 200, pattern: '^[A-Za-z0-9._:\\[\\]-]*$' },
      theme: { enum: ['light', 'dark', 'system'] },
    },
  }),
  'project:open': schema({
    type: 'object',
    additionalProperties: false,
    required: ['path'],
    properties: { path: { type: 'string', minLength: 1, maxLength: 4096 } },
  }),
  'project:current': empty,
  'project:pickFolder': empty,
  'project:forgetRecent': schema({
    type: 'object',
    additionalProperties: false,
    required: ['path'],
    properties: { path: { type: 'string', minLength: 1, maxLength: 4096 } },
  }),
  'log:recent': schema({
    type: 'object',
    additionalProperties: false,
    properties: { limit: { type: 'integer', minimum: 1, maximum: 5000 } },
  }),
  'shell:openExternal': schema({
    type: 'object',
    additionalProperties: false,
    required: ['url'],
    properties: { url: { type: 'string', minLength: 1, maxLength: 2048 } },
  }),
} as const;

export type RequestChannel = keyof typeof requestSchemas;
/** Request types derived from the schemas above (computed once per channel, then looked up). */
type DerivedRequestTypes = { [C in RequestChannel]: FromSchema<(typeof requestSchemas)[C]> };
// An interface is resolved once and cached, which keeps generic call sites cheap for the compiler.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface RequestTypes extends DerivedRequestTypes {}
export type RequestOf<C extends RequestChannel> = RequestTypes[C];

export type Face = 'electron' | 'browser';

export interface AppInfo {
  name: string;
  version: string;
  face: Face;
  platform: string;
  userDataDir: string;
  /** Whether a native folder picker exists (Electron); the browser host asks for a typed path instead. */
  nativeDialogs: boolean;
}

export interface ResponseTypes {
  'app:info': AppInfo;
  'settings:get': Settings;
  'settings:update': Settings;
  'project:open': ProjectInfo;
  'project:current': ProjectInfo | null;
  /** null when the user cancelled the dialog. */
  'project:pickFolder': ProjectInfo | null;
  'project:forgetRecent': Settings;
  'log:recent': LogLine[];
  'shell:openExternal': { opened: boolean };
}

export type ResponseOf<C extends RequestChannel> = ResponseTypes[C];

export const requestChannels = Object.keys(requestSchemas) as RequestChannel[];

/** Events pushed from main to every renderer. */
export interface EventPayloads {
  'log:line': LogLine;
  'settings:changed': Settings;
  'project:changed': ProjectInfo | null;
}
export type EventChannel = keyof EventPayloads;
export const eventChannels: readonly EventChannel[] = ['log:line', 'settings:changed', 'project:changed'];

/** 'settings:get' → 'settingsGet': the name of the generated bridge function for a channel. */
export type MethodName<C extends string> = C extends `${infer A}:${infer B}` ? `${A}${Capitalize<B>}` : C;
export function methodName<C extends RequestChannel>(channel: C): MethodName<C> {
  const [a, b = ''] = channel.split(':');
  return `${a}${b.charAt(0).toUpperCase()}${b.slice(1)}` as MethodName<C>;
}

/**
 * What the preload exposes on `window.puffin` and what the browser-host client implements:
 * one function per request channel (answers are envelopes, so typed errors survive the bridge),
 * plus a subscription for events.
 */
export type PuffinBridge = {
  [C in RequestChannel as MethodName<C>]: (request: RequestOf<C>) => Promise<IpcResult<ResponseOf<C>>>;
} & {
  on<E extends EventChannel>(event: E, listener: (payload: EventPayloads[E]) => void): () => void;
};
