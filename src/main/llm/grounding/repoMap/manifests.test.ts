import { describe, expect, it } from 'vitest';
import { isManifest, summariseManifest } from './manifests';

describe('summariseManifest', () => {
  it('summarises package.json: name, type, scripts and dependency names', () => {
    const pkg = JSON.stringify({
      name: 'puffin',
      version: '0.1.0',
      type: 'module',
      bin: { puffin: 'bin/puffin.cjs' },
      scripts: { test: 'x', build: 'y' },
      dependencies: { zod: '1', ajv: '8' },
      devDependencies: { vitest: '5' },
    });
    expect(summariseManifest('package.json', pkg)).toBe(
      'puffin@0.1.0; type module; bin: puffin; scripts: build, test; deps: ajv, zod; dev: vitest',
    );
    expect(summariseManifest('packages/ui/package.json', '{"private":true}')).toBeNull();
    expect(summariseManifest('package.json', '{oops')).toBe('unreadable (not valid for its format)');
  });

  it('summarises pyproject, Cargo, go.mod, requirements, composer and Gemfile', () => {
    expect(
      summariseManifest(
        'pyproject.toml',
        '[project]\nname = "tool"\nversion = "2.0"\ndependencies = [\n  "requests>=2",\n  "click",\n]\n',
      ),
    ).toBe('tool@2.0; deps: click, requests');
    expect(
      summariseManifest(
        'Cargo.toml',
        '[package]\nname = "cli"\nversion = "0.3.0"\n[dependencies]\nserde = "1"\nclap = { version = "4" }\n',
      ),
    ).toBe('cli@0.3.0; deps: clap, serde');
    expect(
      summariseManifest(
        'go.mod',
        'module example.com/app\n\ngo 1.22\n\nrequire (\n\tgithub.com/spf13/cobra v1.8.0\n)\n',
      ),
    ).toBe('example.com/app; go 1.22; requires: github.com/spf13/cobra');
    expect(summariseManifest('requirements.txt', '# pinned\nflask==3.0\nrequests\n')).toBe(
      'deps: flask, requests',
    );
    expect(summariseManifest('composer.json', '{"name":"acme/site","require":{"php":">=8"}}')).toBe(
      'acme/site; require: php',
    );
    expect(summariseManifest('Gemfile', "source 'x'\ngem 'rails'\ngem \"pg\"\n")).toBe('gems: rails, pg');
  });

  it('knows manifests by file name at any depth', () => {
    expect(isManifest('apps/web/package.json')).toBe(true);
    expect(isManifest('package.json.bak')).toBe(false);
    expect(summariseManifest('README.md', '# x')).toBeNull();
  });
});
