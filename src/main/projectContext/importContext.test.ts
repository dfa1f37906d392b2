import { describe, expect, it } from 'vitest';
import { importContext, readmeSummary, stackFromPackageJson } from './importContext';

describe('readmeSummary', () => {
  it('takes the first paragraph of prose, past the title, badges, images and HTML', () => {
    const readme = [
      '# Puffin',
      '',
      '[![CI](https://x/badge.svg)](https://x) ![logo](logo.png)',
      '<p align="center"><img src="x.png"></p>',
      '',
      'Puffin turns a feature request into reviewed **user stories**,',
      'sprint plans and checkable code assertions.',
      '',
      '## Install',
      'npm install',
    ].join('\n');
    expect(readmeSummary(readme)).toBe(
      'Puffin turns a feature request into reviewed **user stories**, sprint plans and checkable code assertions.',
    );
  });

  it('skips code blocks and cuts a long paragraph', () => {
    expect(
      readmeSummary('```sh\nnpm i something long enough here\n```\n\nShort.\n\nA real sentence about it.'),
    ).toBe('A real sentence about it.');
    const long = readmeSummary(`# T\n\n${'word '.repeat(400)}`);
    expect(long.length).toBe(800);
    expect(long.endsWith('…')).toBe(true);
  });
});

describe('stackFromPackageJson', () => {
  it('names the frameworks and tools the dependencies show', () => {
    const pkg = JSON.stringify({
      dependencies: { react: '19', zustand: '5' },
      devDependencies: { typescript: '5', vitest: '3', electron: '39' },
    });
    expect(stackFromPackageJson(pkg)).toBe('Node.js, TypeScript, React, Electron, zustand, Vitest');
    expect(stackFromPackageJson('not json')).toBe('');
  });
});

describe('importContext', () => {
  it('drafts description, stack and conventions and says where each came from', () => {
    const draft = importContext({
      readme: '# App\n\nA small app that tracks habits every day.',
      claudeMd: '- Use pnpm.\n- Tests next to the code.\n',
      agentsMd: '  ',
      packageJson: '{"devDependencies":{"typescript":"5"}}',
    });
    expect(draft).toEqual({
      description: 'A small app that tracks habits every day.',
      stack: 'Node.js, TypeScript',
      conventions: 'From CLAUDE.md:\n- Use pnpm.\n- Tests next to the code.',
      from: ['README.md', 'package.json', 'CLAUDE.md'],
    });
  });

  it('drafts nothing from nothing', () => {
    expect(importContext({})).toEqual({ description: '', stack: '', conventions: '', from: [] });
  });
});
