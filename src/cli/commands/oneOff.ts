// The commands that need no project: a prompt with the caller's schema (or a text answer), the deprecated text
// extractors, and a title.
//   puffin prompt [--schema FILE [--envelope KEY]] [--max-turns N] [--model M] [--project DIR [--hermetic]]
//                 [--provider P [--base-url URL] [--mode auto|native|tool]]   (meta then names provider, model, mode)
//   puffin extract --legacy [--expect array|object]                            (text on stdin)
//   puffin title                                                               (text on stdin)
import { PROVIDER_NAMES } from '../../shared/engines';
import type { CommandSpec } from '../spec';

export const promptCommand: CommandSpec<'prompt:run'> = {
  path: ['prompt'],
  summary: 'run a prompt with a JSON schema (data: the validated object), or without one (data: the text)',
  channel: 'prompt:run',
  stdin: { field: 'prompt', what: 'prompt' },
  flags: [
    {
      flag: 'schema',
      kind: 'json-file',
      field: 'schema',
      // A schema that cannot be read is a schema problem, as sendPrompt calls one it cannot use.
      fileErrors: { read: 'invalid_schema', parse: 'invalid_schema' },
    },
    { flag: 'envelope', kind: 'string', field: 'envelope', value: 'KEY' },
    { flag: 'max-turns', kind: 'integer', field: 'maxTurns' },
    { flag: 'model', kind: 'string', field: 'model', value: 'M' },
    { flag: 'provider', kind: 'string', field: 'provider', value: PROVIDER_NAMES.join('|') },
    { flag: 'base-url', kind: 'string', field: 'baseUrl', value: 'URL' },
    { flag: 'mode', kind: 'string', field: 'mode', value: 'auto|native|tool' },
    // Grounded in DIR (read-only tools confined to it; meta.read lists the files read), unless --hermetic.
    { flag: 'project', kind: 'path', field: 'project', value: 'DIR' },
    { flag: 'hermetic', kind: 'boolean', field: 'hermetic' },
  ],
  output: (r) => r,
};

export const extractCommand: CommandSpec<'extract:legacy'> = {
  path: ['extract'],
  summary: 'run only the deprecated text extractors over a model answer (--legacy must be given)',
  channel: 'extract:legacy',
  stdin: { field: 'text', what: 'text' },
  flags: [
    // The only mode, and it must be asked for by name: these extractors are deprecated.
    { flag: 'legacy', kind: 'boolean', required: true },
    { flag: 'expect', kind: 'string', field: 'expect', value: 'array|object' },
  ],
  output: (r) => ({
    data: r.data,
    source: 'legacy_text',
    warnings: [],
    meta: { strategy: r.strategy, repaired: r.repaired },
  }),
};

export const titleCommand: CommandSpec<'title:generate'> = {
  path: ['title'],
  summary: 'a short title for a text (its first words when the CLI fails: data.fallback, why in warnings)',
  channel: 'title:generate',
  stdin: { field: 'text', what: 'text', trim: true },
  output: (r) => ({
    data: { title: r.title, fallback: r.fallback },
    source: r.source,
    warnings: r.warnings,
    meta: r.meta ?? {},
  }),
};
