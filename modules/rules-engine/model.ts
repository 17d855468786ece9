import { t } from 'elysia';
import { Int } from '../../core/model';
import { EXTENDED_FIELDS, OPERATORS, PRO_FIELDS } from './shared';

const Value = t.Union([t.String({ maxLength: 500 }), Int({ minimum: 0 })], {
  description: 'click_count compares with a non-negative integer (or its digits); time is HH:MM UTC; day is mon..sun',
});

export const Condition = t.Object(
  {
    field: t.Union(
      [...PRO_FIELDS, ...EXTENDED_FIELDS].map((f) => t.Literal(f)),
      { description: `${PRO_FIELDS.join(', ')} (Pro+); ${EXTENDED_FIELDS.join(', ')} (Team, Agency)` },
    ),
    operator: t.Union(
      OPERATORS.map((o) => t.Literal(o)),
      { description: 'in, not_in and between take an array ([from, to] for between)' },
    ),
    value: t.Union([Value, t.Array(Value, { minItems: 1, maxItems: 100 })]),
    key: t.Optional(t.String({ minLength: 1, maxLength: 200, description: 'The query parameter or cookie name (query and cookie fields only)' })),
  },
  { additionalProperties: false },
);

/** A link's `rules`: the first rule whose conditions all match picks the target. */
export const Rules = t.Array(
  t.Object(
    {
      name: t.Optional(t.String({ maxLength: 100, description: 'Default "Rule <n>"' })),
      conditions: t.Array(Condition, { maxItems: 20, description: 'All must match; empty matches every visit' }),
      action: t.Object({ type: t.Literal('redirect'), url: t.String({ format: 'uri', description: 'http(s) URL' }) }, { additionalProperties: false }),
    },
    { additionalProperties: false },
  ),
  { description: 'Rules engine (Pro+; 5, 20 or 50 rules per link by plan), evaluated in order' },
);
