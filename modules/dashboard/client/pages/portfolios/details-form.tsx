import { useState } from 'preact/hooks';
import { DEFAULT_STYLE, pageColours, TREND_DAYS } from '../../../../portfolios/shared';
import { api, isInputRefusal } from '../../api';
import { Button, ColourField, FailureNotice, Field, toast } from '../../ui';
import { Checkbox } from '../links/inputs';
import { ThemePicker } from './theme-picker';
import { type ColourKey, COLOURS, type Draft, type PortfolioAt, patchOf } from './types';

const COLOUR_LABEL: Record<ColourKey, string> = {
  bg_color: 'Background colour',
  text_color: 'Text colour',
  accent_color: 'Accent colour',
  button_color: 'Button colour',
  button_text_color: 'Button text colour',
};
/** What an empty field means on the page. */
const COLOUR_DEFAULT: Record<ColourKey, string> = {
  bg_color: `the default ${DEFAULT_STYLE.bg_color}`,
  text_color: `the default ${DEFAULT_STYLE.text_color}`,
  accent_color: `the default ${DEFAULT_STYLE.accent_color}`,
  button_color: 'the accent colour',
  button_text_color: 'black or white, whichever reads better',
};

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
  // a refused value names its field (`name`, `config.style.bg_color`): shown under it
  const refusal = isInputRefusal(failure) ? failure : undefined;
  const errorOf = (name: string) => (refusal?.field === name ? refusal.message : undefined);
  // what the page will draw: the pickers show it for empty fields, and unreadable text is said so
  const colours = pageColours(draft.style);
  const fixes = colours.fixes;
  const fallbackOf = (key: ColourKey) =>
    ({
      bg_color: colours.bg,
      text_color: colours.text,
      accent_color: DEFAULT_STYLE.accent_color,
      button_color: colours.button,
      button_text_color: colours.buttonText,
    })[key];
  return (
    <form class="panel portfolio-details" onSubmit={save} aria-labelledby="details-heading">
      <h2 id="details-heading">Page</h2>
      <Field label="Name" maxLength={100} value={draft.name} error={errorOf('name')} onInput={(e) => set({ name: e.currentTarget.value })} />
      <Field label="Bio" hint="A few words shown under the name, and in link previews; optional." error={errorOf('description')}>
        {(control) => (
          <textarea {...control} rows={3} maxLength={1000} value={draft.description} onInput={(e) => set({ description: e.currentTarget.value })} />
        )}
      </Field>
      <fieldset>
        <legend>Shown with each link</legend>
        <Checkbox label="Click count" checked={draft.show_clicks} onChecked={(show_clicks) => set({ show_clicks })} />
        <Checkbox label={`Clicks of the last ${TREND_DAYS} days`} checked={draft.show_trend} onChecked={(show_trend) => set({ show_trend })} />
      </fieldset>
      <ThemePicker style={draft.style} onPick={(style) => set({ style })} />
      <fieldset>
        <legend>Colours</legend>
        <div class="colour-fields">
          {COLOURS.map((key) => (
            <ColourField
              key={key}
              label={COLOUR_LABEL[key]}
              hint={`Hex, like #1a2b3c; empty for ${COLOUR_DEFAULT[key]}`}
              value={draft.style[key]}
              fallback={fallbackOf(key)}
              error={errorOf(`config.style.${key}`)}
              onChange={(value) => set({ style: { ...draft.style, [key]: value } })}
            />
          ))}
        </div>
        {fixes.length > 0 && (
          <div class="notice" role="status">
            {fixes.map((fix) => (
              <p key={fix.key}>
                {COLOUR_LABEL[fix.key]} {fix.chosen} has a contrast of {fix.ratio}:1 on its background, below the 4.5:1 people need to read it: the page uses{' '}
                {fix.used} instead.
              </p>
            ))}
          </div>
        )}
      </fieldset>
      {failure !== undefined && !refusal?.field && <FailureNotice error={failure} />}
      <Button type="submit" variant="primary" busy={busy}>
        Save changes
      </Button>
    </form>
  );
}
