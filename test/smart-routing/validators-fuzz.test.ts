import { expect, test } from 'bun:test';
import fc from 'fast-check';
import { ApiError } from '../../core/errors';
import { PLANS } from '../../core/plans';
import { checkVariants } from '../../modules/ab-tests/service';
import { checkDeepLink } from '../../modules/deep-links/service';
import { checkInterstitial } from '../../modules/interstitials/service';
import { checkRoutingRules } from '../../modules/routing/service';
import { checkRules } from '../../modules/rules-engine/service';
import { checkSequence } from '../../modules/sequences/service';

/** Whatever a client sends, a validator answers with a value or a 400/402, never anything else. */
const VALIDATORS = { checkRules, checkRoutingRules, checkVariants, checkSequence, checkDeepLink, checkInterstitial };

/** Values shaped like the fields (so checks past the first level run), with anything in the leaves. */
const leaf = fc.oneof(
  fc.string(),
  fc.constantFrom('DE', 'eq', 'in', 'between', 'country', 'query', 'time', '12:00', 'https://x.example/', 'myapp://x', 'javascript:x', '#fff'),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
);
const shaped = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    leaf,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(
      fc.constantFrom(
        'name',
        'conditions',
        'action',
        'type',
        'url',
        'field',
        'operator',
        'value',
        'key',
        'weight',
        'urls',
        'loop',
        'title',
        'geo',
        'device',
        'os',
        'ios_app_url',
        'android_app_url',
        'interstitial',
        'style',
        'bg_color',
        'delay',
        '__proto__',
      ),
      tie('value'),
      { maxKeys: 5 },
    ),
  ),
})).value;

for (const [name, check] of Object.entries(VALIDATORS)) {
  test(`${name}: any input → a value, 400 or 402`, () => {
    fc.assert(
      fc.property(fc.oneof(shaped, fc.anything()), fc.constantFrom(...PLANS), (input, plan) => {
        try {
          check(input as never, plan);
        } catch (error) {
          expect(error).toBeInstanceOf(ApiError);
          expect([400, 402]).toContain((error as ApiError).status);
        }
      }),
      { numRuns: 500 },
    );
  });
}
