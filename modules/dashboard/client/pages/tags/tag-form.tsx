import { useEffect, useRef, useState } from 'preact/hooks';
import { api, ApiFailure, fieldOfError } from '../../api';
import { Button, ErrorNotice, Field, PlanNotice, toast } from '../../ui';
import { Swatch } from './swatch';
import type { Tag } from '../links/types';

const DESCRIPTION_MAX = 500;
/** #rgb or #rrggbb, as the API accepts them; anything else is sent as typed and its 400 shown. */
const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** The colour picker's value for a hex the API accepts (#abc → #aabbcc); black while the text is empty or not a colour. */
function pickerValue(hex: string): string {
  const value = hex.trim().toLowerCase();
  if (!HEX.test(value)) return '#000000';
  return value.length === 4 ? `#${[...value.slice(1)].map((c) => c + c).join('')}` : value;
}

/**
 * A tag's colour and description. The picker and the hex field edit one value; the hex is sent as
 * typed, so a bad one gets the API's own message under the field.
 */
export function TagForm({ wsId, tag, onSaved, onCancel }: { wsId: string; tag: Tag; onSaved(): void; onCancel(): void }) {
  const [color, setColor] = useState(tag.color);
  const [description, setDescription] = useState(tag.description);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<ApiFailure>();
  // the form opens above the list: focus goes to it, so keyboards and screen readers follow the Edit button
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setFailure(undefined);
    try {
      await api('PUT', `/workspaces/${wsId}/links/tags/${encodeURIComponent(tag.name)}`, { color: color.trim(), description });
      toast(`Saved tag ${tag.name}`);
      onSaved();
    } catch (error) {
      setFailure(error instanceof ApiFailure ? error : new ApiFailure(0, String(error)));
    } finally {
      setBusy(false);
    }
  };
  const field = failure?.status === 400 ? fieldOfError(failure.message) : undefined;
  const errorOf = (name: string) => (field === name ? failure!.message : undefined);

  return (
    <form class="panel tag-form" onSubmit={submit} aria-labelledby="tag-form-heading">
      <h2 id="tag-form-heading" ref={heading} tabIndex={-1}>
        <Swatch color={HEX.test(color.trim()) ? color.trim() : ''} /> Edit tag {tag.name}
      </h2>
      {failure?.status === 402 && <PlanNotice message={failure.message} />}
      <div class="tag-colour-fields">
        <Field label="Colour" type="color" class="tag-picker" value={pickerValue(color)} onInput={(e) => setColor(e.currentTarget.value)} />
        <Field
          label="Hex colour"
          hint="#rgb or #rrggbb; leave empty for no colour."
          autoComplete="off"
          spellcheck={false}
          value={color}
          error={errorOf('color')}
          onInput={(e) => setColor(e.currentTarget.value)}
        />
      </div>
      <Field label="Description" hint={`At most ${DESCRIPTION_MAX} characters.`} error={errorOf('description')}>
        {(control) => <textarea {...control} rows={3} maxLength={DESCRIPTION_MAX} value={description} onInput={(e) => setDescription(e.currentTarget.value)} />}
      </Field>
      {failure && failure.status !== 402 && !field && <ErrorNotice error={failure} />}
      <div class="tag-form-actions">
        <Button type="submit" variant="primary" busy={busy}>
          Save tag
        </Button>
        <Button onClick={onCancel}>Cancel</Button>
      </div>
    </form>
  );
}
