import { describe, expect, it, vi } from 'vitest';
import type { Story } from '../../shared/stories';
import { testStory } from '../../../test/support/planFixtures';
import type { ProjectService } from '../app/projectService';
import { ServiceError, toIpcError } from '../base/errors';
import { StoriesLeftChanged } from '../store/storyBatch';
import { backlogHandlers } from './backlogHandlers';

const story = (id: string): Story => testStory(id, `Story ${id}`);

describe('backlogHandlers: a backlog batch that could not be undone entirely', () => {
  it('tells every face what stays deleted and sends the failure with those stories (for undo)', async () => {
    const full = new ServiceError(
      'disk_full',
      'The disk is full: Puffin could not save x. Free some space, then retry; nothing was changed.',
      {
        path: 'x',
        errno: 'ENOSPC',
      },
    );
    const stories = { delete: vi.fn(() => Promise.reject(new StoriesLeftChanged(full, [], [story('a')]))) };
    const emit = vi.fn();
    const handlers = backlogHandlers({
      projects: { requireStore: () => ({ stories }) } as unknown as ProjectService,
      emit,
    });
    const err = await Promise.resolve(
      handlers['stories:delete']({ ids: ['a', 'b'] }, { face: 'test' }),
    ).catch((e: unknown) => e);
    expect(emit).toHaveBeenCalledWith('stories:changed', { changed: [], deleted: ['a'] });
    const data = toIpcError(err);
    expect(data.code).toBe('disk_full');
    expect(data.message).not.toContain('nothing was changed');
    expect(data.message).toContain('"Story a"');
    expect(data.details).toMatchObject({ path: 'x', deleted: [story('a')], changed: [] });
  });
});
