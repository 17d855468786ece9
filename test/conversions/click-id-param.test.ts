import { describe, expect, test } from 'bun:test';
import { withClickId } from '../../modules/conversions/redirect';

const ID = '01a21c07-a12c-7694-b4f8-0c2e30ca0b2f';

describe('withClickId: the target a tracking link sends a visitor to', () => {
  test('appended as text where the target allows it, the same as the URL parser would give', () => {
    expect(withClickId('https://shop.example/', ID)).toBe(`https://shop.example/?lh_cid=${ID}`);
    expect(withClickId('https://shop.example/a?ref=x&utm_source=news', ID)).toBe(`https://shop.example/a?ref=x&utm_source=news&lh_cid=${ID}`);
    expect(withClickId('https://shop.example/a?', ID)).toBe(`https://shop.example/a?lh_cid=${ID}`);
    expect(withClickId('https://shop.example/a?ref=x&', ID)).toBe(`https://shop.example/a?ref=x&lh_cid=${ID}`);
  });

  test('a fragment stays last and an lh_cid already there is replaced, never doubled', () => {
    expect(withClickId('https://shop.example/a?ref=x#plans', ID)).toBe(`https://shop.example/a?ref=x&lh_cid=${ID}#plans`);
    expect(withClickId('https://shop.example/a?lh_cid=stale&ref=x', ID)).toBe(`https://shop.example/a?ref=x&lh_cid=${ID}`);
    // a parameter whose name only ends in lh_cid is another parameter: kept
    const other = new URL(withClickId('https://shop.example/a?xlh_cid=1', ID));
    expect(other.searchParams.get('xlh_cid')).toBe('1');
    expect(other.searchParams.getAll('lh_cid')).toEqual([ID]);
  });
});
