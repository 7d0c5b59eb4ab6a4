import { describe, expect, it } from 'vitest';
import { fold, indexText, terms } from '../../src/text/tokenize.js';

describe('fold', () => {
  it.each([
    ['Ёлка', 'елка'],
    ['ЙОД', 'йод'],
    ['Café', 'cafe'],
    ['NAÏVE', 'naive'],
    ['PKG_CONFIG_PATH', 'pkg_config_path'],
  ])('%s → %s', (input, expected) => expect(fold(input)).toBe(expected));
});

describe('terms', () => {
  it.each([
    ['Deploying services', ['deploy', 'servic']],
    ['Развёртывание сервисов', ['развертыван', 'сервис']],
    ['api-gw timeout', ['api-gw', 'api', 'gw', 'timeout']],
    ['set PKG_CONFIG_PATH first', ['set', 'pkg_config_path', 'pkg', 'config', 'path', 'first']],
    ['python 5.4.', ['python', '5.4']],
    ['see src/gen/', ['see', 'src/gen', 'src', 'gen']],
    ['кэш в redis-7', ['кэш', 'в', 'redis-7', 'redi']],
    ['"quoted" NEAR(a b) * - +', ['quot', 'near', 'a', 'b']],
    ['🚀 emoji only 🎉', ['emoji', 'onli']],
    ['', []],
    ['Prefer small PRs', ['prefer', 'small', 'pr']],
    ['VMs and APIs', ['vm', 'and', 'api']],
    ['коммит', ['комм', 'коммит']],
    ['коммитом', ['коммит']],
    ['деплой', ['депл', 'депло']],
    ['деплоя', ['депло']],
  ])('%s', (input, expected) => expect(terms(input)).toEqual(expected));

  it('never yields characters the FTS tokenizer would split on', () => {
    const text = 'a@b.c x:y "q" (p) [r] {s} <t> ~u ^v $w %x &y *z ' + '\ud800 lone surrogate';
    for (const term of terms(text)) expect(term).toMatch(/^[\p{L}\p{N}\p{M}\-_./]+$/u);
  });

  it('indexText joins terms with spaces', () => {
    expect(indexText('Hello, world')).toBe('hello world');
  });
});
