// Which way memcue takes SQLite's locks on each platform and runtime (src/store/native-locks.ts).
// The lockf way itself is tested against real SQLite programs in lockf-locks.test.ts.
import { describe, expect, it } from 'vitest';
import { lockWay } from '../../src/store/native-locks.js';

describe('lockWay', () => {
  it('Bun: fcntl on Linux, lockf on macOS, none on Windows', () => {
    expect(lockWay(true, 'linux', {})).toBe('fcntl');
    expect(lockWay(true, 'darwin', {})).toBe('lockf');
    expect(lockWay(true, 'win32', {})).toBeUndefined();
    expect(lockWay(true, 'win32', { MEMCUE_NATIVE_LOCKS: 'lockf' })).toBeUndefined();
  });

  it('Node cannot lock anywhere', () => {
    for (const platform of ['linux', 'darwin', 'win32']) expect(lockWay(false, platform, { MEMCUE_NATIVE_LOCKS: 'lockf' })).toBeUndefined();
  });

  it('MEMCUE_NATIVE_LOCKS picks lockf on Linux (macOS\'s way, tested there), 0 or MEMCUE_FOREIGN_LOCKS=0 none', () => {
    expect(lockWay(true, 'linux', { MEMCUE_NATIVE_LOCKS: 'lockf' })).toBe('lockf');
    expect(lockWay(true, 'linux', { MEMCUE_NATIVE_LOCKS: 'fcntl' })).toBe('fcntl');
    expect(lockWay(true, 'darwin', { MEMCUE_NATIVE_LOCKS: 'fcntl' })).toBeUndefined(); // fcntl cannot be called there
    expect(lockWay(true, 'linux', { MEMCUE_NATIVE_LOCKS: '0' })).toBeUndefined();
    expect(lockWay(true, 'darwin', { MEMCUE_FOREIGN_LOCKS: '0' })).toBeUndefined();
  });

  it('refuses a value it does not know in every runtime, naming the accepted ones (a typo must not test the default way)', () => {
    for (const bun of [true, false]) {
      for (const value of ['lokf', 'LOCKF', '1', ' lockf']) {
        expect(() => lockWay(bun, 'linux', { MEMCUE_NATIVE_LOCKS: value })).toThrow(/is not a value memcue knows/);
      }
    }
    expect(() => lockWay(true, 'linux', { MEMCUE_NATIVE_LOCKS: 'x\u001b[2J' })).toThrow('MEMCUE_NATIVE_LOCKS=x\\u001b[2J is not');
    expect(lockWay(true, 'linux', { MEMCUE_NATIVE_LOCKS: '' })).toBe('fcntl');
  });
});
