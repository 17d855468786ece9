import { Button } from '../../ui';
import { TextField } from '../links/inputs';
import type { SecretChange } from './form';

interface SecretFieldProps {
  label: string;
  path: string;
  /** the API holds a value (it sends it, or its mask: either way the form never shows it) */
  stored: boolean;
  change: SecretChange;
  onChange(change: SecretChange): void;
}

/** A write-only secret: a new value replaces the stored one, "Clear" removes it, anything else keeps it. */
export function SecretField({ label, path, stored, change, onChange }: SecretFieldProps) {
  const hint = !stored ? 'Not set.' : change.clear ? 'It will be removed when you save.' : 'A value is stored; it is never shown. Leave this empty to keep it.';
  return (
    <div class="secret-field">
      <TextField
        label={stored ? `New ${label}` : label}
        path={path}
        type="password"
        autoComplete="new-password"
        value={change.typed}
        onValue={(typed) => onChange({ typed, clear: false })}
        hint={hint}
      />
      {stored && (
        <Button variant="quiet" onClick={() => onChange({ typed: '', clear: !change.clear })}>
          {change.clear ? `Keep ${label}` : `Clear ${label}`}
        </Button>
      )}
    </div>
  );
}
