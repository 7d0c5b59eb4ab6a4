import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { stemEnglish } from '../../src/text/stem-english.js';
import { stemRussian } from '../../src/text/stem-russian.js';

const here = path.dirname(fileURLToPath(import.meta.url));

/** snowball-data vocabularies: <dir>/<language>/{voc.txt,output.txt}. */
/** Only where the reference data cannot exist (GitHub runners) is it switched off, and explicitly. */
const NO_SHARED_DATA = process.env.MEMCUE_NO_SHARED_DATA === '1';

function snowballDataDir(): string {
  const candidates = [path.resolve(here, '../../../shared/data/snowball')];
  const fromEnv = process.env.MEMCUE_SHARED_DATA;
  if (fromEnv) candidates.push(path.resolve(fromEnv, 'snowball'), path.resolve(fromEnv));
  const found = candidates.find((dir) => existsSync(path.join(dir, 'english', 'voc.txt')));
  if (!found) {
    throw new Error(
      `Snowball reference data not found (looked in: ${candidates.join(', ')}). ` +
        'Point MEMCUE_SHARED_DATA at the shared data folder (the one containing snowball/).',
    );
  }
  return found;
}

function readLines(file: string): string[] {
  const lines = readFileSync(file, 'utf8').split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

function mismatches(language: string, stem: (word: string) => string): string[] {
  const dir = path.join(snowballDataDir(), language);
  const words = readLines(path.join(dir, 'voc.txt'));
  const stems = readLines(path.join(dir, 'output.txt'));
  expect(words.length).toBe(stems.length);
  expect(words.length).toBeGreaterThan(1000);
  const wrong: string[] = [];
  words.forEach((word, i) => {
    const actual = stem(word);
    if (actual !== stems[i]) wrong.push(`${word}: expected ${stems[i]}, got ${actual}`);
  });
  return wrong;
}

function expectNoMismatches(language: string, stem: (word: string) => string): void {
  const wrong = mismatches(language, stem);
  const report = `${wrong.length} ${language} mismatches; first 20:\n${wrong.slice(0, 20).join('\n')}`;
  expect(wrong.length, report).toBe(0);
}

describe('stemEnglish (Porter2)', () => {
  it.each([
    ['added', 'add'],
    ['ebbed', 'ebb'],
    ['hopping', 'hop'],
    ['hoped', 'hope'],
    ['geologist', 'geolog'],
    ['evening', 'evening'],
    ['dying', 'die'],
    ['emergency', 'emergenc'],
    ['generously', 'generous'],
    ['skies', 'sky'],
    ['cries', 'cri'],
    ['ties', 'tie'],
    ['gas', 'gas'],
    ['proceeded', 'proceed'],
    ["dog's", 'dog'],
    ['yellow', 'yellow'],
    ['sayings', 'say'],
    ['at', 'at'],
  ])('%s -> %s', (word, stem) => {
    expect(stemEnglish(word)).toBe(stem);
  });

  it.skipIf(NO_SHARED_DATA)('matches the snowball-data vocabulary word for word', () => {
    expectNoMismatches('english', stemEnglish);
  });
});

describe('stemRussian', () => {
  it.each([
    ['актёр', 'актер'],
    ['книги', 'книг'],
    ['прочитавши', 'прочита'],
    ['красивейший', 'красив'],
    ['умываться', 'умыва'],
    ['радость', 'радост'],
    ['длинный', 'длин'],
    ['я', 'я'],
  ])('%s -> %s', (word, stem) => {
    expect(stemRussian(word)).toBe(stem);
  });

  it.skipIf(NO_SHARED_DATA)('matches the snowball-data vocabulary word for word', () => {
    expectNoMismatches('russian', stemRussian);
  });
});
