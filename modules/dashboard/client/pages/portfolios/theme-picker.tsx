import { longHex, pageColours, THEMES, type ThemeName } from '../../../../portfolios/shared';
import type { Draft } from './types';

const THEME_LABEL: Record<ThemeName, string> = {
  classic: 'Classic',
  midnight: 'Midnight',
  sunset: 'Sunset',
  forest: 'Forest',
  grape: 'Grape',
  mono: 'Mono',
};

/** The theme whose colours the style holds exactly, if any. */
const themeOf = (style: Draft['style']) =>
  (Object.keys(THEMES) as ThemeName[]).find((name) =>
    Object.entries(THEMES[name]).every(([key, colour]) => style[key as keyof Draft['style']].trim() && longHex(style[key as keyof Draft['style']]) === colour),
  );

/**
 * Named themes as swatches (radio buttons, each drawn in its own colours): picking one fills every
 * colour field, which stay editable. No theme is checked once a colour differs from all of them.
 */
export function ThemePicker({ style, onPick }: { style: Draft['style']; onPick(style: Draft['style']): void }) {
  const current = themeOf(style);
  return (
    <fieldset>
      <legend>Theme</legend>
      <div class="theme-choices">
        {(Object.keys(THEMES) as ThemeName[]).map((name) => {
          const colours = pageColours(THEMES[name]);
          const vars = { '--theme-bg': colours.bg, '--theme-text': colours.text, '--theme-button': colours.button, '--theme-button-text': colours.buttonText };
          return (
            <label key={name} class="theme-choice" style={vars}>
              <input type="radio" name="portfolio-theme" checked={current === name} onChange={() => onPick({ ...THEMES[name] })} />
              {THEME_LABEL[name]}
              <span class="theme-button" aria-hidden="true">
                Link
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
