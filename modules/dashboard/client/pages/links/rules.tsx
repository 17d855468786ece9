import { featureMessage, hasFeature, planLimit } from '../../../../../core/plans';
import { EXTENDED_FIELDS, operatorsOf, PRO_FIELDS, type Field } from '../../../../rules-engine/shared';
import { Button } from '../../ui';
import type { SectionProps } from './basics';
import { useSectionError } from './errors';
import { emptyCondition, emptyRule, LIST_OPERATORS, type ConditionForm, type RuleForm } from './form';
import { removeAt, replaceAt, SelectField, TextField } from './inputs';
import { Section } from './section';

const FIELD_LABELS: Record<Field, string> = {
  country: 'Country',
  continent: 'Continent',
  device: 'Device',
  os: 'Operating system',
  browser: 'Browser',
  language: 'Language',
  referrer: 'Referrer',
  time: 'Time of day (UTC)',
  day: 'Day of the week',
  query: 'Query parameter',
  cookie: 'Cookie',
  click_count: 'Click count',
};

const OPERATOR_LABELS: Record<string, string> = {
  eq: 'is',
  neq: 'is not',
  contains: 'contains',
  starts_with: 'starts with',
  in: 'is one of',
  not_in: 'is none of',
  gt: 'is greater than',
  lt: 'is less than',
  between: 'is between',
};

const VALUE_HINTS: Partial<Record<Field, string>> = {
  country: 'ISO country code, e.g. US',
  continent: 'AF, AN, AS, EU, NA, OC or SA',
  device: 'mobile, desktop or tablet',
  os: 'e.g. iOS, Android, Windows',
  browser: 'e.g. Chrome, Safari',
  language: 'e.g. en',
  time: 'HH:MM in UTC',
  day: 'mon, tue, wed, thu, fri, sat or sun',
  click_count: 'a whole number',
};

/** Paths of the API's messages that an input of the builder shows itself. */
const SHOWN = /^rules\.\d+(\.name|\.action\.url|\.conditions\.\d+(\.(field|operator|key|value(\.\d+)?))?)$/;

function ConditionRow({
  rule,
  index,
  condition,
  fields,
  onChange,
  onRemove,
}: {
  rule: number;
  index: number;
  condition: ConditionForm;
  fields: readonly Field[];
  onChange(c: ConditionForm): void;
  onRemove(): void;
}) {
  const at = `rules.${rule}.conditions.${index}`;
  const field = condition.field as Field;
  const operators = operatorsOf(field) ?? [];
  const keyed = field === 'query' || field === 'cookie';
  const setField = (next: string) => {
    const allowed = operatorsOf(next as Field);
    onChange({ ...condition, field: next, operator: allowed.includes(condition.operator as never) ? condition.operator : allowed[0]! });
  };
  const hint =
    condition.operator === 'between'
      ? VALUE_HINTS[field]
      : LIST_OPERATORS.has(condition.operator)
        ? `Comma-separated${VALUE_HINTS[field] ? `; ${VALUE_HINTS[field]}` : ''}`
        : VALUE_HINTS[field];
  return (
    <fieldset class="condition">
      <legend>Condition {index + 1}</legend>
      <div class="row">
        <SelectField
          label="Field"
          path={`${at}.field`}
          value={condition.field}
          onValue={setField}
          options={fields.map((f) => [f, FIELD_LABELS[f]] as [string, string])}
        />
        {keyed && (
          <TextField
            label={field === 'query' ? 'Parameter name' : 'Cookie name'}
            path={`${at}.key`}
            value={condition.key}
            onValue={(key) => onChange({ ...condition, key })}
            autoComplete="off"
          />
        )}
        <SelectField
          label="Operator"
          path={[`${at}.operator`, at]}
          value={condition.operator}
          onValue={(operator) => onChange({ ...condition, operator })}
          options={operators.map((o) => [o, OPERATOR_LABELS[o]!] as [string, string])}
        />
        <TextField
          label={condition.operator === 'between' ? 'From' : 'Value'}
          path={[`${at}.value`, `${at}.value.0`]}
          value={condition.value}
          onValue={(value) => onChange({ ...condition, value })}
          hint={hint}
          autoComplete="off"
        />
        {condition.operator === 'between' && (
          <TextField label="To" path={`${at}.value.1`} value={condition.to} onValue={(to) => onChange({ ...condition, to })} autoComplete="off" />
        )}
      </div>
      <Button variant="quiet" onClick={onRemove}>
        Remove condition {index + 1}
      </Button>
    </fieldset>
  );
}

function RuleEditor({
  index,
  rule,
  count,
  fields,
  onChange,
  onRemove,
  onMove,
}: {
  index: number;
  rule: RuleForm;
  count: number;
  fields: readonly Field[];
  onChange(r: RuleForm): void;
  onRemove(): void;
  onMove(by: -1 | 1): void;
}) {
  const at = `rules.${index}`;
  return (
    <fieldset class="rule">
      <legend>Rule {index + 1}</legend>
      <TextField label="Rule name" path={`${at}.name`} value={rule.name} onValue={(name) => onChange({ ...rule, name })} autoComplete="off" />
      <p class="field-note">{rule.conditions.length ? 'A visit matches when every condition holds.' : 'No conditions: every visit matches.'}</p>
      {rule.conditions.map((condition, i) => (
        <ConditionRow
          key={i}
          rule={index}
          index={i}
          condition={condition}
          fields={fields}
          onChange={(c) => onChange({ ...rule, conditions: replaceAt(rule.conditions, i, c) })}
          onRemove={() => onChange({ ...rule, conditions: removeAt(rule.conditions, i) })}
        />
      ))}
      <Button onClick={() => onChange({ ...rule, conditions: [...rule.conditions, emptyCondition()] })}>Add condition</Button>
      <TextField
        label="Send matching visits to"
        path={`${at}.action.url`}
        value={rule.url}
        onValue={(url) => onChange({ ...rule, url })}
        inputMode="url"
        hint="An http or https address."
      />
      <div class="row-actions">
        <Button variant="quiet" disabled={index === 0} onClick={() => onMove(-1)}>
          Move rule {index + 1} up
        </Button>
        <Button variant="quiet" disabled={index === count - 1} onClick={() => onMove(1)}>
          Move rule {index + 1} down
        </Button>
        <Button variant="quiet" onClick={onRemove}>
          Remove rule {index + 1}
        </Button>
      </div>
    </fieldset>
  );
}

/** The rules engine: ordered rules of AND-ed conditions, each sending its matches to a URL; the plan decides the fields and how many rules. */
export function RulesSection({ form, set, plan, hasValue }: SectionProps & { hasValue: boolean }) {
  const error = useSectionError('rules', (path) => SHOWN.test(path));
  const extended = hasFeature(plan, 'extended_rule_fields');
  const fields = extended ? [...PRO_FIELDS, ...EXTENDED_FIELDS] : PRO_FIELDS;
  const max = planLimit(plan, 'rulesPerLink');
  const rules = form.rules;
  const setRules = (next: RuleForm[]) => set({ rules: next });
  const move = (i: number, by: -1 | 1) => {
    const next = [...rules];
    [next[i], next[i + by]] = [next[i + by]!, next[i]!];
    setRules(next);
  };
  return (
    <Section
      title="Rules"
      intro="Checked in order before any other routing: the first rule that matches a visit decides where it goes; if none matches, the destination applies."
      feature="rules"
      plan={plan}
      hasValue={hasValue}
      error={error}
    >
      {!extended && <p class="field-note">{featureMessage('extended_rule_fields')}.</p>}
      {rules.map((rule, i) => (
        <RuleEditor
          key={i}
          index={i}
          rule={rule}
          count={rules.length}
          fields={fields}
          onChange={(r) => setRules(replaceAt(rules, i, r))}
          onRemove={() => setRules(removeAt(rules, i))}
          onMove={(by) => move(i, by)}
        />
      ))}
      <div class="row-actions">
        <Button onClick={() => setRules([...rules, emptyRule(rules.length + 1)])} disabled={rules.length >= max}>
          Add rule
        </Button>
        <span class="field-note">
          {rules.length} of {max} rules this plan allows per link
        </span>
      </div>
    </Section>
  );
}
