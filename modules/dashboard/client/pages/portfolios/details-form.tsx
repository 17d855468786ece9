import { useState } from 'preact/hooks';
import { DEFAULT_STYLE, TREND_DAYS } from '../../../../portfolios/shared';
import { api, ApiFailure } from '../../api';
import { Button, ColourField, FailureNotice, Field, toast } from '../../ui';
import { Checkbox } from '../links/inputs';
import { type ColourKey, COLOURS, type Draft, type PortfolioAt, patchOf } from './types';

const COLOUR_LABEL: Record<ColourKey, string> = { bg_color: 'Background colour', text_color: 'Text colour', accent_color: 'Link colour' };

/** Name, description, what the public page shows and its colours; the preview follows `draft` as it is typed. */
export function DetailsForm({ at, draft, onDraft, onSaved }: { at: PortfolioAt; draft: Draft; onDraft(draft: Draft): void; onSaved(): void }) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>();
  const set = (changes: Partial<Draft>) => onDraft({ ...draft, ...changes });
  const save = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setFailure(undefined);
    try {
      await api.patch('/api/workspaces/{wsId}/portfolios/{portfolioId}', { params: { path: at }, body: patchOf(draft) });
      toast('Portfolio saved; the public page shows it now');
      onSaved();
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(false);
    }
  };
  // a 400 names its field (`name`, `config.style.bg_color`): shown under it
  const field = failure instanceof ApiFailure && failure.status === 400 ? failure.field : undefined;
  const errorOf = (name: string) => (field === name ? (failure as ApiFailure).message : undefined);
  return (
    <form class="panel portfolio-details" onSubmit={save} aria-labelledby="details-heading">
      <h2 id="details-heading">Page</h2>
      <Field label="Name" maxLength={100} value={draft.name} error={errorOf('name')} onInput={(e) => set({ name: e.currentTarget.value })} />
      <Field label="Description" hint="Shown under the name; optional." error={errorOf('description')}>
        {(control) => (
          <textarea {...control} rows={3} maxLength={1000} value={draft.description} onInput={(e) => set({ description: e.currentTarget.value })} />
        )}
      </Field>
      <fieldset>
        <legend>Shown with each link</legend>
        <Checkbox label="Click count" checked={draft.show_clicks} onChecked={(show_clicks) => set({ show_clicks })} />
        <Checkbox label={`Clicks of the last ${TREND_DAYS} days`} checked={draft.show_trend} onChecked={(show_trend) => set({ show_trend })} />
      </fieldset>
      <fieldset>
        <legend>Colours</legend>
        <div class="colour-fields">
          {COLOURS.map((key) => (
            <ColourField
              key={key}
              label={COLOUR_LABEL[key]}
              hint={`Hex, like #1a2b3c; empty for the default ${DEFAULT_STYLE[key]}`}
              value={draft.style[key]}
              fallback={DEFAULT_STYLE[key]}
              error={errorOf(`config.style.${key}`)}
              onChange={(value) => set({ style: { ...draft.style, [key]: value } })}
            />
          ))}
        </div>
      </fieldset>
      {failure !== undefined && !field && <FailureNotice error={failure} />}
      <Button type="submit" variant="primary" busy={busy}>
        Save changes
      </Button>
    </form>
  );
}
