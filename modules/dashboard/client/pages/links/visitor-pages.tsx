import type { SectionProps } from './basics';
import { useSectionError } from './errors';
import type { LinkForm } from './form';
import { Checkbox, TextArea, TextField } from './inputs';
import { Section } from './section';
import { DEEP_LINK_URL_FIELDS, type DeepLinkUrlField } from './types';

const DEEP_LINK_LABELS: Record<DeepLinkUrlField, [label: string, hint: string]> = {
  ios_app_url: ['iOS app URL', 'A custom scheme (myapp://…) or a universal link'],
  ios_store_url: ['iOS App Store URL', 'When the app is not installed'],
  ios_fallback_url: ['iOS web fallback URL', 'Optional web page instead of the store'],
  android_app_url: ['Android app URL', 'A custom scheme (myapp://…) or an app link'],
  android_store_url: ['Android Play Store URL', 'When the app is not installed'],
  android_fallback_url: ['Android web fallback URL', 'Optional web page instead of the store'],
};

/** Deep links: phones open the app; desktops and social bots get the normal redirect. */
export function DeepLinkSection({ form, set, plan, hasValue }: SectionProps & { hasValue: boolean }) {
  const error = useSectionError('deep_link', (path) => DEEP_LINK_URL_FIELDS.some((f) => path === `deep_link.${f}`));
  return (
    <Section
      title="Deep link"
      intro="Open your app on iOS and Android; at least one app URL. Desktop visitors get the normal redirect."
      feature="deep_link"
      plan={plan}
      hasValue={hasValue}
      error={error}
    >
      <div class="grid-fields">
        {DEEP_LINK_URL_FIELDS.map((field) => (
          <TextField
            key={field}
            label={DEEP_LINK_LABELS[field][0]}
            path={`deep_link.${field}`}
            hint={DEEP_LINK_LABELS[field][1]}
            value={form.deepLink[field]}
            onValue={(value) => set({ deepLink: { ...form.deepLink, [field]: value } })}
            inputMode="url"
            autoComplete="off"
          />
        ))}
      </div>
      <Checkbox
        label="Show an app-detection page"
        checked={form.deepLinkPage}
        onChecked={(deepLinkPage) => set({ deepLinkPage })}
        hint="Tries the app, then falls back to the store or web URL. Without it, phones go straight to the app URL."
      />
    </Section>
  );
}

const SHOWN_INTERSTITIAL = /^interstitial(\.(title|body|cta_text|delay|style\.(bg_color|text_color|button_color)))$/;

/** An interstitial page shown before the redirect (social bots skip it). */
export function InterstitialSection({ form, set, plan, hasValue }: SectionProps & { hasValue: boolean }) {
  const error = useSectionError('interstitial', (path) => SHOWN_INTERSTITIAL.test(path));
  const i = form.interstitial;
  const setI = (change: Partial<LinkForm['interstitial']>) => set({ interstitial: { ...i, ...change } });
  return (
    <Section
      title="Interstitial page"
      intro="A page with your message before the redirect; it moves on by itself after the delay."
      feature="interstitial"
      plan={plan}
      hasValue={hasValue}
      error={error}
    >
      <Checkbox label="Show an interstitial page" checked={form.interstitialOn} onChecked={(interstitialOn) => set({ interstitialOn })} />
      {form.interstitialOn && (
        <>
          <TextField label="Page title" path="interstitial.title" value={i.title} onValue={(title) => setI({ title })} maxLength={200} />
          <TextArea label="Message" path="interstitial.body" value={i.body} onValue={(body) => setI({ body })} maxLength={500} hint="At most 500 characters." />
          <div class="row">
            <TextField label="Button text" path="interstitial.cta_text" value={i.ctaText} onValue={(ctaText) => setI({ ctaText })} maxLength={50} />
            <TextField
              label="Delay in seconds"
              path="interstitial.delay"
              type="number"
              min={1}
              max={30}
              value={i.delay}
              onValue={(delay) => setI({ delay })}
              hint="1 to 30"
              class="narrow"
            />
          </div>
          <Checkbox label="Show it once per visitor" checked={i.showOnce} onChecked={(showOnce) => setI({ showOnce })} />
          <div class="row">
            <TextField
              label="Background colour"
              path="interstitial.style.bg_color"
              type="color"
              value={i.bgColor}
              onValue={(bgColor) => setI({ bgColor })}
              class="narrow"
            />
            <TextField
              label="Text colour"
              path="interstitial.style.text_color"
              type="color"
              value={i.textColor}
              onValue={(textColor) => setI({ textColor })}
              class="narrow"
            />
            <TextField
              label="Button colour"
              path="interstitial.style.button_color"
              type="color"
              value={i.buttonColor}
              onValue={(buttonColor) => setI({ buttonColor })}
              class="narrow"
            />
          </div>
        </>
      )}
    </Section>
  );
}
