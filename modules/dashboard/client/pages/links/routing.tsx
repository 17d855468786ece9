import { DEVICE_KEYS, OS_KEYS } from '../../../../routing/shared';
import { Button } from '../../ui';
import type { SectionProps } from './basics';
import { useSectionError } from './errors';
import { Checkbox, removeAt, replaceAt, TextField } from './inputs';
import { Section } from './section';

const DEVICE_LABELS: Record<string, string> = { mobile: 'Mobile', desktop: 'Desktop', tablet: 'Tablet' };

/** Legacy routing: one URL per country, device or operating system (after the rules, before A/B). */
export function RoutingSection({ form, set, plan, hasValue }: SectionProps & { hasValue: boolean }) {
  const error = useSectionError('routing_rules', () => false);
  return (
    <Section
      title="Geo, device and OS routing"
      intro="Send visitors from a country, on a device or on an operating system elsewhere. Rules come first; empty fields route nothing."
      feature="routing_rules"
      plan={plan}
      hasValue={hasValue}
      error={error}
    >
      <fieldset class="group">
        <legend>By country</legend>
        {form.geo.map((row, i) => (
          <div class="row item-row" key={i}>
            <TextField
              label={`Country ${i + 1}`}
              path={[]}
              value={row.key}
              onValue={(key) => set({ geo: replaceAt(form.geo, i, { ...row, key }) })}
              hint="ISO code, e.g. DE"
              maxLength={2}
              autoComplete="off"
              class="narrow"
            />
            <TextField
              label={`URL for country ${i + 1}`}
              path={[]}
              value={row.url}
              onValue={(url) => set({ geo: replaceAt(form.geo, i, { ...row, url }) })}
              inputMode="url"
            />
            <Button variant="quiet" onClick={() => set({ geo: removeAt(form.geo, i) })}>
              Remove country {i + 1}
            </Button>
          </div>
        ))}
        <Button onClick={() => set({ geo: [...form.geo, { key: '', url: '' }] })}>Add country</Button>
      </fieldset>
      <fieldset class="group">
        <legend>By device</legend>
        <div class="grid-fields">
          {DEVICE_KEYS.map((key) => (
            <TextField
              key={key}
              label={`${DEVICE_LABELS[key]} URL`}
              path={[]}
              value={form.device[key] ?? ''}
              onValue={(url) => set({ device: { ...form.device, [key]: url } })}
              inputMode="url"
            />
          ))}
        </div>
      </fieldset>
      <fieldset class="group">
        <legend>By operating system</legend>
        <div class="grid-fields">
          {OS_KEYS.map((key) => (
            <TextField
              key={key}
              label={`${key} URL`}
              path={[]}
              value={form.os[key] ?? ''}
              onValue={(url) => set({ os: { ...form.os, [key]: url } })}
              inputMode="url"
            />
          ))}
        </div>
      </fieldset>
    </Section>
  );
}

const SHOWN_VARIANT = /^ab_variants\.\d+\.(name|url|weight)$/;

/** A/B test: 2 to 4 variants whose weights add up to 100 (used when no rule or routing matched). */
export function VariantsSection({ form, set, plan, hasValue }: SectionProps & { hasValue: boolean }) {
  const error = useSectionError('ab_variants', (path) => SHOWN_VARIANT.test(path));
  const variants = form.variants;
  const sum = variants.reduce((total, v) => total + (Number(v.weight) || 0), 0);
  const start = () =>
    set({
      variants: [
        { name: 'A', url: form.target, weight: '50' },
        { name: 'B', url: '', weight: '50' },
      ],
    });
  return (
    <Section
      title="A/B variants"
      intro="Split visitors between 2 to 4 destinations by weight; a returning visitor keeps their variant. Removing one of two variants ends the test."
      feature="ab_variants"
      plan={plan}
      hasValue={hasValue}
      error={error}
    >
      {variants.map((v, i) => (
        <fieldset class="row variant item-row" key={i}>
          <legend class="visually-hidden">Variant {i + 1}</legend>
          <TextField
            label={`Variant ${i + 1} name`}
            path={`ab_variants.${i}.name`}
            value={v.name}
            onValue={(name) => set({ variants: replaceAt(variants, i, { ...v, name }) })}
            autoComplete="off"
            class="narrow"
          />
          <TextField
            label={`Variant ${i + 1} URL`}
            path={`ab_variants.${i}.url`}
            value={v.url}
            onValue={(url) => set({ variants: replaceAt(variants, i, { ...v, url }) })}
            inputMode="url"
          />
          <TextField
            label={`Variant ${i + 1} weight`}
            path={`ab_variants.${i}.weight`}
            type="number"
            min={1}
            max={99}
            value={v.weight}
            onValue={(weight) => set({ variants: replaceAt(variants, i, { ...v, weight }) })}
            class="narrow"
          />
          <Button variant="quiet" onClick={() => set({ variants: variants.length <= 2 ? [] : removeAt(variants, i) })}>
            Remove variant {i + 1}
          </Button>
        </fieldset>
      ))}
      {variants.length ? (
        <div class="row-actions">
          <Button
            onClick={() => set({ variants: [...variants, { name: String.fromCharCode(65 + variants.length), url: '', weight: '0' }] })}
            disabled={variants.length >= 4}
          >
            Add variant
          </Button>
          <p class={sum === 100 ? 'field-note' : 'field-error'} role="status">
            Weights add up to {sum} {sum === 100 ? '— ready' : '— they must add up to 100'}
          </p>
        </div>
      ) : (
        <Button onClick={start}>Start an A/B test</Button>
      )}
    </Section>
  );
}

const SHOWN_STEP = /^sequence\.urls\.\d+\.(url|title)$/;

/** A sequence: each visit of the same visitor moves to the next URL. */
export function SequenceSection({ form, set, plan, hasValue }: SectionProps & { hasValue: boolean }) {
  const error = useSectionError('sequence', (path) => SHOWN_STEP.test(path));
  const steps = form.steps;
  return (
    <Section
      title="Sequence"
      intro="A visitor's first visit goes to URL 1, the second to URL 2, and so on (2 to 50 URLs). It decides before any routing."
      feature="sequence"
      plan={plan}
      hasValue={hasValue}
      error={error}
    >
      {steps.map((s, i) => (
        <div class="row item-row" key={i}>
          <TextField
            label={`Step ${i + 1} URL`}
            path={`sequence.urls.${i}.url`}
            value={s.url}
            onValue={(url) => set({ steps: replaceAt(steps, i, { ...s, url }) })}
            inputMode="url"
          />
          <TextField
            label={`Step ${i + 1} title`}
            path={`sequence.urls.${i}.title`}
            value={s.title}
            onValue={(title) => set({ steps: replaceAt(steps, i, { ...s, title }) })}
            hint="Optional"
          />
          <Button variant="quiet" onClick={() => set({ steps: removeAt(steps, i) })}>
            Remove step {i + 1}
          </Button>
        </div>
      ))}
      <div class="row-actions">
        <Button
          onClick={() =>
            set({
              steps: steps.length
                ? [...steps, { url: '', title: '' }]
                : [
                    { url: '', title: '' },
                    { url: '', title: '' },
                  ],
            })
          }
          disabled={steps.length >= 50}
        >
          {steps.length ? 'Add step' : 'Start a sequence'}
        </Button>
      </div>
      {steps.length > 0 && (
        <Checkbox
          label="Start again at step 1 after the last"
          checked={form.loop}
          onChecked={(loop) => set({ loop })}
          hint="Otherwise visitors stay on the last URL."
        />
      )}
    </Section>
  );
}
