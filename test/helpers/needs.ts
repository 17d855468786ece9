import { test } from 'bun:test';

/**
 * Whether a test file's outside programs (and services) are here. Where they are not, the file's
 * tests skip with `why` printed; under CI (CI=true) a failing test says it instead, so that a CI
 * machine missing a package cannot pass by skipping.
 */
export function needs(present: boolean, file: string, why: string): boolean {
  if (present) return true;
  if (process.env.CI)
    test(`${file} has what it needs`, () => {
      throw new Error(`${file} needs ${why}`);
    });
  else console.warn(`${file} skipped: needs ${why}`);
  return false;
}
