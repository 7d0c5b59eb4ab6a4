import { expect, it } from 'vitest';
import { nearest } from '../../src/util/nearest.js';

const AGENTS = ['claude', 'hermes', 'dsh', 'codex', 'gemini', 'opencode', 'cursor', 'claude-desktop'];

it.each([
  ['rules', ['rule', 'decision', 'gotcha', 'env', 'note'], 'rule'],
  ['cursr', AGENTS, 'cursor'],
  ['Claud', AGENTS, 'claude'],
  ['gemnii', AGENTS, 'gemini'],
  ['vim', AGENTS, undefined],
  ['ds', AGENTS, undefined],
  ['xyz', ['rule', 'env', 'note'], undefined],
])('%s → %s', (typed, choices, expected) => {
  expect(nearest(typed, choices)).toBe(expected);
});
