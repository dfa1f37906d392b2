import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ProjectSettings } from '../../../shared/stories';
import { PROJECT } from '../../../../test/support/renderer/fakeClient';
import { renderWith, setupStore } from '../../../../test/support/renderer/setup';
import { ProjectContextPanel } from './ProjectContextPanel';

afterEach(cleanup);

const STORED: ProjectSettings = {
  description: 'A recipe manager.',
  conventions: 'Small PRs.',
  neverTouch: ['migrations/'],
};

async function show(stored: ProjectSettings = STORED, hermetic = false) {
  const setup = setupStore();
  if (hermetic) setup.store.setState({ project: { ...PROJECT, hermetic: true } });
  setup.client.handle('projectSettings:get', () => stored);
  setup.client.handle('projectSettings:update', (patch: Partial<ProjectSettings>) => ({
    ...stored,
    ...patch,
  }));
  await act(async () => {
    renderWith(<ProjectContextPanel />, setup);
  });
  return setup;
}

const box = (label: string) => screen.getByLabelText(label) as HTMLTextAreaElement | HTMLInputElement;

describe('ProjectContextPanel', () => {
  it('shows the stored context and saves every field, path lists one per line', async () => {
    const { client } = await show();
    expect(box('What the project is').value).toBe('A recipe manager.');
    expect(box('Paths never to touch (one per line)').value).toBe('migrations/');
    expect(screen.getByTestId('grounding-mode').textContent).toMatch(
      /^Generations about code read this project/,
    );
    fireEvent.change(box('Stack'), { target: { value: ' TypeScript, React ' } });
    fireEvent.change(box('Paths never to touch (one per line)'), {
      target: { value: 'migrations/\n\n dist/ ' },
    });
    fireEvent.change(box('Sensitive or git-ignored paths generations may read (one per line)'), {
      target: { value: '.env.example' },
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save project context' }));
    });
    expect(client.callsTo('projectSettings:update')).toEqual([
      {
        description: 'A recipe manager.',
        stack: 'TypeScript, React',
        conventions: 'Small PRs.',
        neverTouch: ['migrations/', 'dist/'],
        allowSensitive: ['.env.example'],
      },
    ]);
    expect(screen.getByRole('status').textContent).toBe('Saved: it goes into every prompt from now on.');
  });

  it('imports a draft from the project files into the form without saving it', async () => {
    const { client } = await show();
    client.handle('projectSettings:import', () => ({
      description: 'Recipes for home cooks.',
      stack: 'Node.js, TypeScript',
      conventions: '',
      from: ['README.md', 'package.json'],
    }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Import from CLAUDE.md / AGENTS.md / README' }));
    });
    expect(box('What the project is').value).toBe('Recipes for home cooks.');
    expect(box('Stack').value).toBe('Node.js, TypeScript');
    expect(box('Conventions').value).toBe('Small PRs.'); // nothing imported for it: kept
    expect(screen.getByRole('status').textContent).toBe(
      'Imported from README.md, package.json: review, then save.',
    );
    expect(client.callsTo('projectSettings:update')).toEqual([]);
  });

  it('says when there is nothing to import, and when the project was opened hermetic', async () => {
    const { client } = await show(STORED, true);
    expect(screen.getByTestId('grounding-mode').textContent).toBe(
      'Opened hermetic: generations do not read this project.',
    );
    client.handle('projectSettings:import', () => ({
      description: '',
      stack: '',
      conventions: '',
      from: [],
    }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Import from CLAUDE.md / AGENTS.md / README' }));
    });
    expect(screen.getByRole('status').textContent).toBe(
      'No README.md, CLAUDE.md, AGENTS.md or package.json to import from.',
    );
  });
});
