// A profile's cordis.patch.yml in DeepSeek Harness: a top-level YAML list of patch entries. A fresh
// profile's file is dsh's PROFILE_PATCH_TEMPLATE (packages/boot/app-boot/src/profile.ts in
// deepseek-ai/deepseek-harness): three comment lines and the empty flow list `[]`. A block appended
// after `[]` would make the file invalid YAML, so our entry takes the place of the `[]`, and the
// `[]` comes back when our entry leaves an otherwise empty list.
import { MemcueError } from '../errors.js';
import { blockTarget, fencedBlock, findBlock, YAML_FENCE } from './blocks.js';
import type { Target } from './engine.js';

const EMPTY_LIST = /^\[\s*\][ \t]*(#.*)?$/m;

export function dshPatchTarget(path: string, label: string, body: string): Target {
  const appended = blockTarget(path, label, YAML_FENCE, body, (text) => checkYamlList(text, path));
  return {
    ...appended,
    add(current) {
      const text = current ?? '';
      if (findBlock(text, YAML_FENCE) || !EMPTY_LIST.test(text)) return appended.add(current);
      const rest = text.replace(EMPTY_LIST, '');
      checkYamlList(rest, path);
      return text.replace(EMPTY_LIST, () => fencedBlock(YAML_FENCE, body).slice(0, -1));
    },
    remove(current) {
      const found = findBlock(current, YAML_FENCE);
      if (!found) return current;
      const rest = current.slice(0, found.start) + current.slice(found.stop);
      if (hasEntries(rest)) return appended.remove(current);
      return `${current.slice(0, found.start)}[]\n${current.slice(found.stop)}`;
    },
  };
}

function topLevel(text: string): string[] {
  return text.split('\n').filter((l) => /^\S/.test(l) && !l.startsWith('#'));
}

function hasEntries(text: string): boolean {
  return topLevel(text).some((l) => l.startsWith('-') && l !== '---');
}

/** The file must be a YAML list in block style; a block appended to anything else would break it. */
function checkYamlList(text: string, path: string): void {
  if (topLevel(text).some((l) => !l.startsWith('-') && l !== '---')) {
    throw new MemcueError('BAD_INPUT', `${path} is not a YAML list of patch entries; nothing was changed`, 'add the memcue insert entry by hand (see README, Agents)');
  }
}
