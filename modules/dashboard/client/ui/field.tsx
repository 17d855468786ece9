import type { InputHTMLAttributes, JSX, PartialInputHTMLAttributes } from 'preact';
import { useId } from 'preact/hooks';

interface ControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
}

type FieldProps = Omit<PartialInputHTMLAttributes<HTMLInputElement>, 'children'> & {
  label: string;
  hint?: string;
  error?: string;
  /** renders another control (select, textarea) with the field's id and descriptions; default an <input> */
  children?: (control: ControlProps) => JSX.Element;
};

/** A labelled control with an optional hint and an inline error, both tied to it by aria-describedby. */
export function Field({ label, hint, error, children, class: className, ...input }: FieldProps) {
  const id = useId();
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  const control: ControlProps = { id, 'aria-describedby': described, 'aria-invalid': error ? true : undefined };
  return (
    <div class={`field${error ? ' field-invalid' : ''}${className ? ` ${className}` : ''}`}>
      <label for={id}>{label}</label>
      {children ? children(control) : <input {...(input as InputHTMLAttributes)} {...control} />}
      {hint && (
        <p class="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p class="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
