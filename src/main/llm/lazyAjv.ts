/**
 * Ajv's modules, evaluated when first used rather than when Puffin starts: evaluating them cost ~6 ms of CPU at
 * every headless start, while a start whose schemas all have stored validators (storedValidators.ts) compiles
 * nothing. In the prebuilt bundle `require` is defined and esbuild turns each call below into its bundled copy,
 * evaluated at that call; where it is not (tsx, vitest), Node's require loads the same package.
 */
import { createRequire } from 'node:module';
import type * as AjvExports from 'ajv';
import type * as AjvFormatsExports from 'ajv-formats';
import type * as StandaloneExports from 'ajv/dist/standalone';

type Ajv = typeof AjvExports;
type AjvFormats = typeof AjvFormatsExports;
type Standalone = typeof StandaloneExports;

const nodeRequire = (id: string): unknown => createRequire(import.meta.url)(id);

/* eslint-disable @typescript-eslint/no-require-imports -- lazy on purpose (see above); each id literal, so the
   bundler finds it */
export const ajvModule = (): Ajv =>
  (typeof require === 'function' ? require('ajv') : nodeRequire('ajv')) as Ajv;

export const ajvFormatsModule = (): AjvFormats =>
  (typeof require === 'function' ? require('ajv-formats') : nodeRequire('ajv-formats')) as AjvFormats;

export const standaloneModule = (): Standalone =>
  (typeof require === 'function'
    ? require('ajv/dist/standalone')
    : nodeRequire('ajv/dist/standalone')) as Standalone;

/** The modules Ajv's standalone code requires, as `require` returns them; undefined for any other. */
export function standaloneRuntime(id: string): unknown {
  const bundled = typeof require === 'function';
  switch (id) {
    case 'ajv/dist/runtime/equal':
      return bundled ? require('ajv/dist/runtime/equal') : nodeRequire(id);
    case 'ajv/dist/runtime/ucs2length':
      return bundled ? require('ajv/dist/runtime/ucs2length') : nodeRequire(id);
    case 'ajv/dist/runtime/uri':
      return bundled ? require('ajv/dist/runtime/uri') : nodeRequire(id);
    case 'ajv/dist/runtime/validation_error':
      return bundled ? require('ajv/dist/runtime/validation_error') : nodeRequire(id);
    case 'ajv-formats/dist/formats':
      return bundled ? require('ajv-formats/dist/formats') : nodeRequire(id);
    default:
      return undefined;
  }
}
/* eslint-enable @typescript-eslint/no-require-imports */
