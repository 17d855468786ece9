import { expect, test } from 'bun:test';
import { parseTagCell } from '../../modules/import-export/formats';
import { normaliseTag, parseTagList, TAG_PATTERN } from '../../modules/links/shared';

/** The one tag rule (issue 40): the editor (in the browser) and the CSV import read typed tags alike. */
test.each([
  ['Q4 Campaign', ['q4-campaign']],
  ['  Summer   Sale , q1|Q1 ', ['summer-sale', 'q1']],
  ['launch,,spring', ['launch', 'spring']],
  ['', []],
  // other characters stay, so the API's check names them instead of dropping them silently
  ['café!', ['café!']],
] as const)('parseTagList(%p) → %p', (text, tags) => {
  expect(parseTagList(text)).toEqual([...tags]);
});

test('the importer uses the same rule, keeping at most `max` tags', () => {
  const cell = 'A, B b, C, d';
  expect(parseTagCell(cell, 10)).toEqual(parseTagList(cell));
  expect(parseTagCell(cell, 2)).toEqual(['a', 'b-b']);
});

test("a normalised tag of letters, digits, spaces, - and _ meets the spec's pattern; the pattern stays the spec's", () => {
  expect(TAG_PATTERN.test(normaliseTag(' Q4 Campaign_2 '))).toBe(true);
  expect(TAG_PATTERN.test('Q4 Campaign')).toBe(false);
  expect(TAG_PATTERN.test('x'.repeat(33))).toBe(false);
});
