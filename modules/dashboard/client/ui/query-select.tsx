import { Field } from './field';
import { setAddressQuery } from './query';

interface QuerySelectProps {
  label: string;
  /** the address query's key the choice is kept under */
  name: string;
  /** [value, what the option says] */
  options: [string, string][];
  query: URLSearchParams;
  /** shown while the address has no value for `name` */
  fallback?: string;
}

/** A filter kept in the page's address: a labelled select showing the address's choice; a new choice goes to the address. */
export function QuerySelect({ label, name, options, query, fallback = '' }: QuerySelectProps) {
  const value = query.get(name) ?? fallback;
  return (
    <Field label={label} class="filter">
      {(control) => (
        <select {...control} value={value} onChange={(event) => setAddressQuery({ [name]: event.currentTarget.value })}>
          {/* `selected` too: when the chosen option disappears (a tag no link carries any more), the select shows the current one, not a blank */}
          {options.map(([option, text]) => (
            <option key={option} value={option} selected={option === value}>
              {text}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
