import type { PartialInputHTMLAttributes } from 'preact';
import { useId } from 'preact/hooks';
import { Field } from '../../ui';
import { useFieldError } from './errors';

type InputProps = Omit<PartialInputHTMLAttributes<HTMLInputElement>, 'value' | 'label' | 'children'>;

interface TextProps extends InputProps {
  label: string;
  /** the API field path(s) whose messages show under this input */
  path: string | string[];
  value: string;
  onValue(value: string): void;
  hint?: string;
}

/** A labelled text input bound to one API field: its messages appear under it. */
export function TextField({ label, path, value, onValue, hint, ...input }: TextProps) {
  const error = useFieldError(path);
  return <Field {...input} label={label} hint={hint} error={error} value={value} onInput={(event) => onValue(event.currentTarget.value)} />;
}

interface AreaProps {
  label: string;
  path: string;
  value: string;
  onValue(value: string): void;
  hint?: string;
  rows?: number;
  maxLength?: number;
}

export function TextArea({ label, path, value, onValue, hint, rows = 3, maxLength }: AreaProps) {
  const error = useFieldError(path);
  return (
    <Field label={label} hint={hint} error={error}>
      {(control) => <textarea {...control} rows={rows} maxLength={maxLength} value={value} onInput={(event) => onValue(event.currentTarget.value)} />}
    </Field>
  );
}

interface SelectProps {
  label: string;
  path: string | string[];
  value: string;
  onValue(value: string): void;
  options: readonly (string | [value: string, label: string])[];
  hint?: string;
  class?: string;
}

export function SelectField({ label, path, value, onValue, options, hint, class: className }: SelectProps) {
  const error = useFieldError(path);
  return (
    <Field label={label} hint={hint} error={error} class={className}>
      {(control) => (
        <select {...control} value={value} onChange={(event) => onValue(event.currentTarget.value)}>
          {options.map((option) => {
            const [v, text] = typeof option === 'string' ? [option, option] : option;
            return (
              <option key={v} value={v} selected={v === value}>
                {text}
              </option>
            );
          })}
        </select>
      )}
    </Field>
  );
}

export function Checkbox({ label, checked, onChecked, hint }: { label: string; checked: boolean; onChecked(checked: boolean): void; hint?: string }) {
  const id = useId();
  return (
    <div class="checkbox">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(event) => onChecked(event.currentTarget.checked)}
      />
      <label for={id}>{label}</label>
      {hint && (
        <p class="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
    </div>
  );
}

/** Replaces item `index` of a list (the rows of the structured fields). */
export const replaceAt = <T,>(items: T[], index: number, item: T) => items.map((old, i) => (i === index ? item : old));
export const removeAt = <T,>(items: T[], index: number) => items.filter((_, i) => i !== index);
