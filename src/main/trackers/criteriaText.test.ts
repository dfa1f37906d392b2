import { describe, expect, it } from 'vitest';
import { splitCriteria } from './criteriaText';

describe('splitCriteria', () => {
  it('takes the task-list items as criteria (ticked or not) and keeps the rest as the description', () => {
    const r = splitCriteria(
      'As a PM I want a CSV.\r\n\r\n## Acceptance criteria\n\n- [ ] A module exists\n* [x] It exports toCsv\n\nNotes after.',
    );
    expect(r.acceptanceCriteria).toEqual(['A module exists', 'It exports toCsv']);
    expect(r.description).toBe('As a PM I want a CSV.\n\nNotes after.');
  });

  it('without task lists, takes the list under an "Acceptance criteria" heading or label, up to the next heading', () => {
    const r = splitCriteria(
      'Intro.\n\n**Acceptance criteria:**\n1. Shows the total\n2) Rounds to cents\n- Keeps the order\n\n## Notes\n- not a criterion',
    );
    expect(r.acceptanceCriteria).toEqual(['Shows the total', 'Rounds to cents', 'Keeps the order']);
    expect(r.description).toBe('Intro.\n\n## Notes\n- not a criterion');
  });

  it('finds no criteria in plain text, and drops Puffin’s own footer', () => {
    const r = splitCriteria('Just words.\n- a bullet\n\n_Exported by Puffin from story `s1` (sprint “x”)._');
    expect(r.acceptanceCriteria).toEqual([]);
    expect(r.description).toBe('Just words.\n- a bullet');
  });
});
