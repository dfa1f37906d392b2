// The stories journey grounded in the project, through the composition root's dispatcher with the real CLI and the
// mock API: the model reads a file of the project before it writes stories, the stories carry what it read, and
// the stored generation lists the file (and the refused secret).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Generation } from '../../src/shared/stories';
import { structured, toolCalls } from '../support/mockTurns';
import {
  lastToolResults,
  structuredOutputSchema,
  toolResultText,
  userText,
} from '../support/requestInspection';
import { startJourney, type Journey } from '../stories/journeyHarness';

let journey: Journey | undefined;
afterEach(async () => {
  await journey?.close();
  journey = undefined;
});

describe('grounded stories journey with the real CLI', () => {
  it('derive reads the project first; the generation records what was read and refused', async () => {
    let readBack = '';
    const j = (journey = await startJourney({
      script: [],
      respond: (body, i) => {
        const props = (structuredOutputSchema(body)?.properties ?? {}) as Record<string, unknown>;
        if (!('stories' in props)) return undefined; // titles: the harness answers
        if (i === 0) {
          return toolCalls(
            { name: 'Glob', input: { pattern: 'src/**/*.ts' } },
            { name: 'Read', input: { file_path: 'src/recipes.ts' } },
            { name: 'Read', input: { file_path: '.env' } },
          );
        }
        if (lastToolResults(body).some((r) => toolResultText(r).includes('shareRecipe'))) {
          readBack = 'shareRecipe';
          return structured({
            stories: [
              {
                title: 'Share a recipe with shareRecipe',
                description: 'As a cook, I want to share a recipe so that friends can cook it',
                acceptanceCriteria: ['shareRecipe returns a link'],
              },
            ],
          });
        }
        return undefined;
      },
    }));
    mkdirSync(join(j.project, 'src'));
    writeFileSync(join(j.project, 'src', 'recipes.ts'), 'export function shareRecipe(id: string) {}\n');
    writeFileSync(join(j.project, '.env'), 'SECRET_TOKEN_3141\n');
    await j.call('projectSettings:update', { description: 'Recipes.', neverTouch: ['migrations/'] });

    const g = await j.call('generation:derive', {
      id: 'g-read',
      prompt: 'Let cooks share recipes',
      deriveStories: true,
    });
    expect(g.status).toBe('succeeded');
    expect(readBack).toBe('shareRecipe');
    expect(g.stories?.[0]?.title).toBe('Share a recipe with shareRecipe');
    expect(g.grounding).toMatchObject({
      filesRead: ['src/recipes.ts'],
      searches: [{ tool: 'Glob', pattern: 'src/**/*.ts', matches: 1 }],
      violations: [],
      toolTurns: 1,
    });
    expect(g.grounding?.refused.map((r) => r.target)).toEqual(['.env']);
    expect(j.mock.requests.some((r) => r.rawBody.includes('SECRET_TOKEN_3141'))).toBe(false);

    // The prompt told the model it may read, showed the map, and carried the paths never to touch.
    const sent = userText(j.mock.mainRequests()[0]!.body!);
    expect(sent).toContain(
      '## Never touch\nNo work may create, change or delete these paths:\n- migrations/',
    );
    expect(sent).toContain('## The project is open for reading');
    expect(sent).toMatch(
      /## Project map\nProject map: 1 files[\s\S]*src\/\n {2}recipes\.ts \d+B: function shareRecipe/,
    );

    // Stored with the generation, as History reads it back.
    const stored = (await j.call('history:list', {})) as Generation[];
    expect(stored.find((h) => h.id === 'g-read')?.grounding?.filesRead).toEqual(['src/recipes.ts']);
  });
});
