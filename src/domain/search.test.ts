import { describe, expect, it } from 'vitest';
import {
  countLimitFor,
  LIST_TOTAL_CAP,
  likeContains,
  matchesWordStart,
  textMatchesAllWords,
  textMatchesWord,
} from './search.js';

describe('how a typed word matches (decision 021)', () => {
  it.each([
    ['RTU-1 Atlanta Main Campus', 'r', true],
    ['RTU-1 Atlanta Main Campus', 'rt', true],
    ['Heritage Apartments', 'rt', false], // "rt" inside "Apartments": 2 letters match the start of a word only
    ['Heritage Apartments', 'art', true], // 3 letters match anywhere
    ['Blue Ridge Storage', 'ri', true],
    ['Blue Ridge Storage', 'ID', false],
    ['Blue Ridge Storage', 'IDG', true],
    ['Bright-Star Medical', 'st', false], // a word starts after a space, not after a hyphen
    ['Bright-Star Medical', 'star', true],
    ['100% Cotton', '%', false],
    ['100% Cotton', '10', true],
  ])('%s / %s -> %s', (text, word, expected) => {
    expect(textMatchesWord(text, word)).toBe(expected);
  });

  it('a text joining several fields starts a word after their separator too', () => {
    expect(textMatchesWord('JOB-1042-INV-0381\u001fRooftop leak', 'ro')).toBe(false);
    expect(textMatchesWord('JOB-1042-INV-0381\u001fRooftop leak', 'ro', [' ', '\u001f'])).toBe(true);
  });

  it('every word must match', () => {
    expect(textMatchesAllWords('RTU-1 Peachtree Towers', ['rtu', 'pe'])).toBe(true);
    expect(textMatchesAllWords('RTU-1 Peachtree Towers', ['rtu', 'ee'])).toBe(false);
    expect(textMatchesAllWords('anything', [])).toBe(true);
  });

  it('counts characters, not UTF-16 units, for the 3-character rule', () => {
    expect(matchesWordStart('ab')).toBe(true);
    expect(matchesWordStart('abc')).toBe(false);
    expect(matchesWordStart('😀a')).toBe(true);
  });

  it('escapes LIKE wildcards', () => {
    expect(likeContains('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});

describe('where a count stops', () => {
  it('at the cap, or at the end of a page past it', () => {
    expect(countLimitFor(1, 25)).toBe(LIST_TOTAL_CAP);
    expect(countLimitFor(400, 25)).toBe(10_000);
    expect(countLimitFor(401, 25)).toBe(10_025);
    expect(countLimitFor(2, 25, 30)).toBe(50);
  });
});
