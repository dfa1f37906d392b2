// Layering rules: the folder says where code runs, and imports must respect it.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import { builtinModules } from 'node:module';

const nodeBuiltins = [...builtinModules, ...builtinModules.map((m) => `node:${m}`)];
const nodeBuiltinPatterns = [{ group: ['node:*'], message: 'Node built-ins are not available here.' }];

export default tseslint.config(
  { ignores: ['node_modules', 'out', 'dist', 'test-results', 'playwright-report', '.reports'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  // The headless start (bin/puffin.cjs and what it loads) is CommonJS on purpose: it never sets up the ES loader.
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}', 'test/support/renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'electron', message: 'The renderer talks to main only through the IPC contract.' },
            ...nodeBuiltins.map((name) => ({ name, message: 'The renderer cannot use Node built-ins.' })),
          ],
          patterns: [
            ...nodeBuiltinPatterns,
            {
              group: ['**/main/**', '**/preload/**', '**/host/**', '**/cli/**', '**/mcp/**', 'execa', 'ws'],
              message: 'The renderer imports only src/shared and its own code.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'electron', message: 'src/shared is pure TypeScript.' },
            ...nodeBuiltins.map((name) => ({ name, message: 'src/shared is pure TypeScript.' })),
          ],
          patterns: [
            ...nodeBuiltinPatterns,
            {
              group: [
                '**/main/**',
                '**/renderer/**',
                '**/preload/**',
                '**/host/**',
                '**/cli/**',
                '**/mcp/**',
                'react',
                'react-dom',
              ],
              message: 'src/shared imports nothing environment-specific.',
            },
          ],
        },
      ],
    },
  },
  {
    files: [
      'src/main/**/*.ts',
      'src/host/**/*.ts',
      'src/cli/**/*.ts',
      'src/mcp/**/*.ts',
      'src/preload/**/*.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/renderer/**'], message: 'Main-side code never imports renderer code.' }] },
      ],
    },
  },
);
