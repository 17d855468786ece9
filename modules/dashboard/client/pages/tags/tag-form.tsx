import { useEffect, useRef, useState } from 'preact/hooks';
import { api, ApiFailure } from '../../api';
import { Button, ColourField, ErrorNotice, Field, inputRefusal, isHex, PlanNotice, planRefusal, toast, useSubmit } from '../../ui';
import { Swatch } from './swatch';
import type { Tag } from '../links/types';

const DESCRIPTION_MAX = 500;

/**
 * A tag's colour and description. The picker and the hex field edit one value; the hex is sent as
 * typed, so a bad one gets the API's own message under the field.
 */
export function TagForm({ wsId, tag, onSaved, onCancel }: { wsId: string; tag: Tag; onSaved(): void; onCancel(): void }) {
  const [color, setColor] = useState(tag.color);
  const [description, setDescription] = useState(tag.description);
  // the form opens above the list: focus goes to it, so keyboards and screen readers follow the Edit button
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  const { busy, failure, submit } = useSubmit(async () => {
    await api.put('/api/workspaces/{wsId}/links/tags/{tagName}', { params: { path: { wsId, tagName: tag.name } }, body: { color: color.trim(), description } });
    toast(`Saved tag ${tag.name}`);
    onSaved();
  });
  const refusal = inputRefusal(failure);
  const planLimit = planRefusal(failure);
  const field = refusal !== undefined && failure instanceof ApiFailure ? failure.field : undefined;
  const errorOf = (name: string) => (field === name ? refusal : undefined);

  return (
    <form class="panel tag-form" onSubmit={submit} aria-labelledby="tag-form-heading">
      <h2 id="tag-form-heading" ref={heading} tabIndex={-1}>
        <Swatch color={isHex(color) ? color.trim() : ''} /> Edit tag {tag.name}
      </h2>
      {planLimit && <PlanNotice message={planLimit} />}
      <ColourField
        label="Hex colour"
        pickerLabel="Colour"
        hint="#rgb or #rrggbb; leave empty for no colour."
        value={color}
        fallback="#000000"
        error={errorOf('color')}
        onChange={setColor}
      />
      <Field label="Description" hint={`At most ${DESCRIPTION_MAX} characters.`} error={errorOf('description')}>
        {(control) => <textarea {...control} rows={3} maxLength={DESCRIPTION_MAX} value={description} onInput={(e) => setDescription(e.currentTarget.value)} />}
      </Field>
      {failure !== undefined && !planLimit && !field && <ErrorNotice error={failure} />}
      <div class="tag-form-actions">
        <Button type="submit" variant="primary" busy={busy}>
          Save tag
        </Button>
        <Button onClick={onCancel}>Cancel</Button>
      </div>
    </form>
  );
}
