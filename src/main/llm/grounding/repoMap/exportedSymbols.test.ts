import { describe, expect, it } from 'vitest';
import { exportedSymbols, isScript } from './exportedSymbols';

describe('exportedSymbols', () => {
  it('names every kind of ES export with what it is', () => {
    const source = `
      import { x } from './x';
      export function createStore() {}
      export async function load() {}
      export class Store {}
      export interface Options { a: number }
      export type Id = string;
      export enum Mode { A }
      export namespace NS {}
      export const LIMIT = 3, handler = () => 1;
      export let counter = 0;
      export const { a, b: renamed } = x;
      const hidden = 1;
      function local() {}
      export { local, hidden as shown };
      export * from './types';
      export * as util from './util';
      export { y as why } from './y';
      export default class App {}
    `;
    expect(exportedSymbols('src/store.ts', source)).toEqual([
      'function createStore',
      'function load',
      'class Store',
      'interface Options',
      'type Id',
      'enum Mode',
      'namespace NS',
      'const LIMIT',
      'function handler',
      'let counter',
      'const a',
      'const renamed',
      '* from ./types',
      '* as util from ./util',
      'why from ./y',
      'default class App',
      'function local',
      'const shown',
    ]);
  });

  it('reads CommonJS exports and default exports of expressions', () => {
    const cjs = `
      function parse() {}
      const VERSION = '1';
      module.exports = { parse, VERSION };
      exports.extra = parse;
    `;
    expect(exportedSymbols('lib/index.cjs', cjs)).toEqual([
      'function parse',
      'function extra',
      'const VERSION',
    ]);
    expect(exportedSymbols('a.js', 'export default { a: 1 };')).toEqual(['default']);
    expect(exportedSymbols('b.jsx', 'const App = () => <div/>; export default App;')).toEqual([
      'default function App',
    ]);
  });

  it('finds nothing in a file without exports and survives broken syntax', () => {
    expect(exportedSymbols('a.ts', 'const a = 1;')).toEqual([]);
    expect(exportedSymbols('b.ts', 'export function ( {')).toEqual(['function ?']);
  });

  it('knows which files are scripts', () => {
    expect(['a.ts', 'b.TSX', 'c.mjs', 'd.cjs', 'e.jsx'].every(isScript)).toBe(true);
    expect(['a.json', 'b.css', 'c.d', 'Makefile'].some(isScript)).toBe(false);
  });
});
