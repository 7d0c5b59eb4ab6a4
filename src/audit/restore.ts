// Going back without deleting anything: an earlier version is written again as the newest one, so
// the history keeps both the change and its reversal (and two machines still merge by union).
import { MemcueError } from '../errors.js';
import { ALLOW_SECRET, checkRowSecrets } from '../facts/check-text.js';
import { contentOf, sameContent, type Fact } from '../facts/facts.js';
import type { Store } from '../store/store.js';

/**
 * `memcue revert ID [--to N]`: the fact as it was at version N (default: the version before the
 * current one), as a new version.
 */
export function revertFact(store: Store, id: string, to: number | undefined, host: string, allowSecret = false): { fact: Fact; from: Fact } {
  const versions = store.versions(id);
  const current = versions[versions.length - 1]!;
  const target =
    to === undefined
      ? versions[versions.length - 2]
      : // Two machines may both have written version N: the later one is what that version said last.
        versions.filter((v) => v.version === to).pop();
  if (!target) {
    const known = versions.map((v) => v.version).join(', ');
    throw new MemcueError(
      'USAGE',
      to === undefined ? `fact ${id} has only one version, nothing to revert to` : `fact ${id} has no version ${to}`,
      `its versions: ${known}`,
    );
  }
  if (sameContent(target, current)) {
    throw new MemcueError('USAGE', `fact ${id} already says what version ${target.version} said`, 'nothing was changed');
  }
  // An old version may have been stored with --allow-secret: writing it again is a new decision.
  checkRowSecrets(target, { allowSecret, override: ALLOW_SECRET });
  return { fact: store.appendVersion(id, contentOf(target), host), from: target };
}
