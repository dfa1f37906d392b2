import { describe, expect, it } from 'vitest';
import { storyFromIssue } from '../syncIssues';
import { adfMarkdown, storyDocument } from './adf';

const story = {
  id: 's1',
  title: 'Export the backlog',
  description: 'As a PM I want a CSV.\n\nSo I can share it.',
  ris: 'Add src/csv.ts.\n\nExport toCsv.',
  criteria: [
    { text: 'A module exists', proven: true },
    { text: 'It exports\ntoCsv', proven: false },
  ],
  verified: false,
  regressed: false,
  verdict: 'failing' as const,
};

describe('the Jira description', () => {
  it('holds the story, the RIS and a task list DONE only for proven criteria', () => {
    const doc = storyDocument(story, 'Export');
    const types = doc.content.map((n) => n.type);
    expect(types).toEqual([
      'paragraph',
      'paragraph',
      'heading',
      'paragraph',
      'paragraph',
      'heading',
      'taskList',
      'paragraph',
    ]);
    const list = doc.content.find((n) => n.type === 'taskList')!;
    expect(list.content!.map((i) => [i.attrs!.state, i.content![0]!.text])).toEqual([
      ['DONE', 'A module exists'],
      ['TODO', 'It exports toCsv'],
    ]);
    // Every task item has a local id, and the same story writes the same document (a rerun compares equal).
    expect(new Set(list.content!.map((i) => i.attrs!.localId)).size).toBe(2);
    expect(storyDocument(story, 'Export')).toEqual(doc);
  });

  it('reads back as the story’s own text: the RIS and Puffin’s footer are not part of it', () => {
    const md = adfMarkdown(storyDocument(story, 'Export'));
    expect(md).toContain('## Ready-to-implement spec');
    expect(md).toContain('- [x] A module exists\n- [ ] It exports toCsv');
    expect(storyFromIssue({ title: 'Export the backlog', key: 'PUF-2' }, md)).toEqual({
      title: 'Export the backlog',
      description: 'As a PM I want a CSV.\n\nSo I can share it.',
      acceptanceCriteria: ['A module exists', 'It exports toCsv'],
    });
  });
});
