import { Field } from '../../ui';
import { isHex } from './types';

/** #rgb → #rrggbb: the colour picker takes only the long form. */
const longHex = (hex: string) => (hex.length === 4 ? `#${[...hex.slice(1)].map((c) => c + c).join('')}` : hex).toLowerCase();

/**
 * A colour as hex text (what the API stores, typed or pasted) beside a native colour picker that
 * writes the same value; empty text means the public page's default, which the picker then shows.
 */
export function ColourField({
  label,
  value,
  fallback,
  error,
  onChange,
}: {
  label: string;
  value: string;
  fallback: string;
  error?: string;
  onChange(value: string): void;
}) {
  const shown = isHex(value) ? longHex(value.trim()) : fallback;
  return (
    <Field label={label} hint={`Hex, like #1a2b3c; empty for the default ${fallback}`} error={error}>
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
          <input type="color" aria-label={`${label} picker`} value={shown} onInput={(e) => onChange(e.currentTarget.value)} />
        </div>
      )}
    </Field>
  );
}
