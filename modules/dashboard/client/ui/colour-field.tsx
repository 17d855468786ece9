import { Field } from './field';

/** #rgb or #rrggbb, the forms the API accepts */
export const isHex = (value: string) => /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/.test(value.trim());

/** #rgb → #rrggbb: the colour picker takes only the long form. */
const longHex = (hex: string) => (hex.length === 4 ? `#${[...hex.slice(1)].map((c) => c + c).join('')}` : hex).toLowerCase();

/**
 * A colour as hex text (what the API stores, typed or pasted, sent as typed so that a bad one gets
 * the API's own message) beside a native colour picker writing the same value; while the text is
 * empty or not a colour, the picker shows `fallback`.
 */
export function ColourField({
  label,
  pickerLabel = `${label} picker`,
  hint,
  value,
  fallback,
  error,
  onChange,
}: {
  label: string;
  pickerLabel?: string;
  hint: string;
  value: string;
  fallback: string;
  error?: string;
  onChange(value: string): void;
}) {
  const shown = isHex(value) ? longHex(value.trim()) : fallback;
  return (
    <Field label={label} hint={hint} error={error}>
      {(control) => (
        <div class="colour-input">
          <input
            {...control}
            type="text"
            value={value}
            placeholder={fallback}
            spellcheck={false}
            autoComplete="off"
            maxLength={7}
            onInput={(e) => onChange(e.currentTarget.value)}
          />
          <input type="color" aria-label={pickerLabel} value={shown} onInput={(e) => onChange(e.currentTarget.value)} />
        </div>
      )}
    </Field>
  );
}
