import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { stemEnglish } from '../../src/text/stem-english.js';
import { stemRussian } from '../../src/text/stem-russian.js';

/** snowball-data vocabularies shipped with the tests: <language>/{voc,output}.txt.gz (see its README). */
const SNOWBALL = fileURLToPath(new URL('../fixtures/snowball/', import.meta.url));

function readLines(file: string): string[] {
  const lines = gunzipSync(readFileSync(file)).toString('utf8').split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

function mismatches(language: string, stem: (word: string) => string): string[] {
  const words = readLines(path.join(SNOWBALL, language, 'voc.txt.gz'));
  const stems = readLines(path.join(SNOWBALL, language, 'output.txt.gz'));
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

  it('matches the snowball-data vocabulary word for word', () => {
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

  it('matches the snowball-data vocabulary word for word', () => {
    expectNoMismatches('russian', stemRussian);
  });
});
