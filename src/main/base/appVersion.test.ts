import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { mainDefine } from '../../../electron.vite.config';
import { APP_VERSION } from './appVersion';

const root = join(import.meta.dirname, '../../..');
const packageVersion = (JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as { version: string })
  .version;

describe('APP_VERSION', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
  });

  it("is package.json's version when run from the source tree (tsx: browser host, headless CLI)", () => {
    expect(APP_VERSION).toBe(packageVersion);
  });

  it("is package.json's version in a main bundle built with the desktop build's defines, far from package.json", async () => {
    const outDir = await mkdtemp(join(tmpdir(), 'puffin-version-'));
    dirs.push(outDir);
    await build({
      configFile: false,
      logLevel: 'silent',
      root,
      define: mainDefine,
      build: {
        outDir,
        emptyOutDir: true,
        minify: false,
        lib: { entry: join(root, 'src/main/base/appVersion.ts'), formats: ['es'], fileName: 'appVersion' },
      },
    });
    const bundled = (await import(pathToFileURL(join(outDir, 'appVersion.js')).href)) as {
      APP_VERSION: string;
    };
    expect(bundled.APP_VERSION).toBe(packageVersion);
  });
});
