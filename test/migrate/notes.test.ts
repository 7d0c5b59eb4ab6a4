// The pure parts of migrate: --from, Claude Code's project slug, cleaning a note, cutting it into
// pieces, and --raw's paragraphs.
import { describe, expect, it } from 'vitest';
import { cutPieces } from '../../src/migrate/notes.js';
import { paragraphs } from '../../src/migrate/paragraphs.js';
import { claudeSlug, parseFrom } from '../../src/migrate/sources.js';

describe('parseFrom', () => {
  it.each([
    [undefined, { all: false }],
    [['claude'], { from: 'claude', all: false }],
    [['dir', './memory'], { from: 'dir', path: './memory', all: false }],
    [['memsearch', '.'], { from: 'memsearch', path: '.', all: false }],
  ])('%j', (values, spec) => {
    expect(parseFrom(values, false)).toEqual(spec);
  });

  it.each([[['dir']], [['claude', 'x']], [['notion']], [['dir', 'a', 'b']]])('refuses %j', (values) => {
    expect(() => parseFrom(values, false)).toThrow(/cannot read --from/);
  });
});

it('claudeSlug replaces everything but letters and digits with -', () => {
  expect(claudeSlug('/home/dev/shop-api')).toBe('-home-dev-shop-api');
  expect(claudeSlug('/Users/a.b/my_proj')).toBe('-Users-a-b-my-proj');
});

describe('paragraphs', () => {
  it('one per paragraph and per list item; headings, front matter and rules are left out', () => {
    const note = [
      '---',
      'name: Deploy',
      'type: project',
      '---',
      '# Deploy',
      '',
      'Staging uses make deploy-stg;',
      'it takes four minutes.',
      '',
      '---',
      '- first item',
      '  continues here',
      '* second item',
      '1. third item',
      '',
      '```sh',
      'make deploy',
      '',
      'make verify',
      '```',
    ].join('\n');
    expect(paragraphs(note)).toEqual([
      'Staging uses make deploy-stg;\nit takes four minutes.',
      'first item\ncontinues here',
      'second item',
      'third item',
      '```sh\nmake deploy\n\nmake verify\n```',
    ]);
  });

  it('cuts a paragraph longer than a fact may be at sentence ends', () => {
    const sentence = `${'word '.repeat(150).trim()}.`;
    const parts = paragraphs(Array(5).fill(sentence).join(' '));
    expect(parts.length).toBe(3);
    for (const p of parts) expect(p.length).toBeLessThanOrEqual(2000);
    expect(parts.join(' ')).toBe(Array(5).fill(sentence).join(' '));
  });
});

describe('cutPieces', () => {
  it('keeps a small note whole and cuts a big one at blank lines within the limit', () => {
    expect(cutPieces('a\n\nb', 100)).toEqual(['a\n\nb']);
    const blocks = Array.from({ length: 10 }, (_, i) => `${i}`.repeat(30));
    const pieces = cutPieces(blocks.join('\n\n'), 100);
    expect(pieces).toEqual([blocks.slice(0, 3).join('\n\n'), blocks.slice(3, 6).join('\n\n'), blocks.slice(6, 9).join('\n\n'), blocks[9]]);
  });
});
