import { describe, expect, it } from 'vitest';
import { groundingPromptSection } from './groundingPrompt';

describe('groundingPromptSection', () => {
  it('tells the model to look before naming paths, and ends with the map', () => {
    const text = groundingPromptSection({ repoMap: 'Project map: 2 files, 1K\n' });
    expect(text).toMatch(/^## The project is open for reading\n/);
    expect(text).toContain(
      'Name only files you have seen, or files the work will create; never guess a path.',
    );
    expect(text.endsWith('## Project map\nProject map: 2 files, 1K')).toBe(true);
  });

  it('leaves out the sections it has nothing for', () => {
    const text = groundingPromptSection();
    expect(text).not.toContain('## Project map');
  });
});
