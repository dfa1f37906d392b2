import { describe, expect, it } from 'vitest';
import { tooBroadReason } from './tooBroad';

describe('tooBroadReason', () => {
  it.each([
    ['/', 'the root of the file system'],
    ['/home/ada', 'your home folder'],
    ['/etc', 'a system folder'],
    ['/usr/', 'a system folder'],
    ['/proc/self', 'a system folder'],
    ['C:\\Windows', process.platform === 'win32' ? 'a system folder' : null],
  ])('%s is %s', (path, reason) => {
    expect(tooBroadReason(path, '/home/ada')).toBe(reason);
  });

  it.each(['/home/ada/code/app', '/tmp/puffin-x', '/etc-app', '/usr-projects/app', '/srv/app'])(
    '%s is a project folder',
    (path) => expect(tooBroadReason(path, '/home/ada')).toBeNull(),
  );
});
