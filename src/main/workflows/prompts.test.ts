import { describe, expect, it } from 'vitest';
import { derivePrompt, modifyPrompt, plainPromptText, titlePrompt } from './prompts';

const project = { description: 'A recipe manager for home cooks.', conventions: 'TypeScript, React.' };
const FORMAT_INSTRUCTIONS = /json|```|\barray\b|\bschema\b|\bformat\b|curly|bracket|\{|\}/i;

describe('prompts', () => {
  it('derive: carries the request and project context, and no output-format instructions', () => {
    const p = derivePrompt('Let users share recipes by link.', project);
    expect(p).toContain('Let users share recipes by link.');
    expect(p).toContain('A recipe manager for home cooks.');
    expect(p).toContain('TypeScript, React.');
    expect(p).not.toMatch(FORMAT_INSTRUCTIONS);
  });

  it('derive: without project settings there is no empty context heading', () => {
    const p = derivePrompt('Share recipes', { description: '', conventions: ' ' });
    expect(p).not.toContain('About the project');
    expect(p).not.toContain('conventions');
  });

  it('modify: lists every story with its locked flag, then the feedback; no format instructions', () => {
    const p = modifyPrompt(
      [
        {
          title: 'Share link',
          description: 'As a cook…',
          acceptanceCriteria: ['A link is shown'],
          locked: true,
        },
        {
          title: 'Revoke link',
          description: 'As a cook…',
          acceptanceCriteria: ['Link stops working'],
          locked: false,
        },
      ],
      'Split sharing by email out.',
      project,
    );
    expect(p).toMatch(/Story 1 \(LOCKED[^\n]*\)\nTitle: Share link/);
    expect(p).toMatch(/### Story 2\nTitle: Revoke link/);
    expect(p.indexOf('Split sharing by email out.')).toBeGreaterThan(p.indexOf('Revoke link'));
    expect(p).not.toMatch(FORMAT_INSTRUCTIONS);
  });

  it('title and plain prompts carry the text and no format instructions', () => {
    expect(titlePrompt('Export recipes to PDF')).toContain('Export recipes to PDF');
    expect(titlePrompt('Export recipes to PDF')).not.toMatch(FORMAT_INSTRUCTIONS);
    expect(plainPromptText('How do I test hooks?', project)).toContain('A recipe manager');
    expect(plainPromptText('How do I test hooks?', { description: '', conventions: '' })).toBe(
      'How do I test hooks?',
    );
  });
});
