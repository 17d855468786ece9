import { useState } from 'preact/hooks';
import { failureMessage, isInputRefusal } from '../../api';
import { Button, FailureNotice, Field } from '../../ui';
import { EventsField } from './events-field';

export interface WebhookInput {
  name: string;
  url: string;
  events: string[];
}

const FIELDS: (keyof WebhookInput)[] = ['name', 'url', 'events'];

/** The form field an API refusal is about (`events.2` → events); undefined for the others. */
function fieldOfRefusal(failure: unknown): keyof WebhookInput | undefined {
  if (!isInputRefusal(failure)) return undefined;
  return FIELDS.find((field) => failure.isAbout(field));
}

interface WebhookFormProps {
  heading: string;
  submitLabel: string;
  initial?: WebhookInput;
  /** sends the input to the API; a refusal is shown at its field, or above the buttons (402: the plan's reason) */
  onSubmit(input: WebhookInput): Promise<void>;
  onCancel?(): void;
}

/** Name, HTTPS URL and events of a webhook, to create one or to edit one; the API checks every value and its messages are shown as they come. */
export function WebhookForm({ heading, submitLabel, initial, onSubmit, onCancel }: WebhookFormProps) {
  const [input, setInput] = useState<WebhookInput>(initial ?? { name: '', url: '', events: [] });
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>();
  const set = (patch: Partial<WebhookInput>) => setInput((current) => ({ ...current, ...patch }));
  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setFailure(undefined);
    try {
      await onSubmit({ ...input, name: input.name.trim(), url: input.url.trim() });
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(false);
    }
  };
  const field = fieldOfRefusal(failure);
  const errorAt = (name: keyof WebhookInput) => (field === name ? failureMessage(failure) : undefined);
  const headingId = `webhook-form-${initial ? 'edit' : 'new'}`;
  return (
    <form class="panel webhook-form" onSubmit={submit} aria-labelledby={headingId} noValidate>
      <h2 id={headingId}>{heading}</h2>
      <div class="webhook-form-fields">
        <Field
          label="Name"
          hint="What receives the events, e.g. “CRM”."
          maxLength={100}
          value={input.name}
          error={errorAt('name')}
          onInput={(e) => set({ name: e.currentTarget.value })}
        />
        <Field
          label="URL"
          type="url"
          hint="HTTPS only; not a private or internal address."
          placeholder="https://hooks.example.com/linkhop"
          value={input.url}
          error={errorAt('url')}
          onInput={(e) => set({ url: e.currentTarget.value })}
        />
      </div>
      <EventsField selected={input.events} onChange={(events) => set({ events })} error={errorAt('events')} />
      {failure !== undefined && !field && <FailureNotice error={failure} />}
      <div class="webhook-form-actions">
        <Button type="submit" variant="primary" busy={busy}>
          {submitLabel}
        </Button>
        {onCancel && <Button onClick={onCancel}>Cancel</Button>}
      </div>
    </form>
  );
}
