import { describe, expect, it } from 'vitest';
import { matchExpression, queryTerms } from '../../src/search/query.js';
import { terms } from '../../src/text/tokenize.js';

describe('queryTerms', () => {
  it.each([
    ['When did Caroline go to the support group?', ['carolin', 'go', 'support', 'group']],
    ['Сколько очков уступила защита Пэнтерс?', ['очк', 'уступ', 'защит', 'пэнтерс']],
    ['Как это работает через прокси?', ['работа', 'прокс']],
    // Identifiers are kept whole and by part even when a part is a function word.
    ['is the-a flag set', ['the-a', 'the', 'a', 'flag', 'set']],
    // A query of nothing but function words still searches for them.
    ['The Who', ['the', 'who']],
    ['что это', ['что', 'эт']],
  ])('%s', (query, expected) => expect(queryTerms(query)).toEqual(expected));
});

describe('irregular English verbs stem like their base, in facts and queries alike', () => {
  it.each([
    ['went', 'go'],
    ['built', 'build'],
    ['broke', 'break'],
    ['broken', 'break'],
    ['chose', 'choos'],
    ['Wrote', 'write'],
    ['found', 'find'],
  ])('%s → %s', (form, stem) => expect(terms(form)).toEqual([stem]));

  it.each(['left', 'saw', 'bound', 'sat', 'led'])('%s is left alone (just as often another word)', (word) => {
    expect(terms(word)).toEqual([word]);
  });
});

describe('matchExpression', () => {
  it('quotes every term, ORs them, drops duplicates and function words', () => {
    expect(matchExpression('how do I deploy the deploy script?')).toBe('"deploy" OR "script"');
  });

  it('lets terms of 8+ characters match as a prefix (long stems, identifiers), not shorter ones', () => {
    expect(matchExpression('pkg_config информации api-gw')).toBe(
      '"pkg_config"* OR "pkg" OR "config" OR "информац"* OR "api-gw" OR "api" OR "gw"',
    );
    expect(matchExpression('12345678')).toBe('"12345678"');
  });

  it('adds every split of a word into halves of 4+ letters as a phrase, after the query terms', () => {
    expect(matchExpression('roadtrip plans for the weekends')).toBe('"roadtrip"* OR "plan" OR "weekend" OR "road trip" OR "week end"');
    expect(matchExpression('roadtrip plans', false)).toBe('"roadtrip"* OR "plan"');
    expect(matchExpression('Как файл name')).toBe('"файл" OR "name"');
  });

  it('has nothing to search for in punctuation', () => {
    expect(matchExpression('?! -- ...')).toBeUndefined();
  });
});
