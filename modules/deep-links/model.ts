import { t } from 'elysia';

const AppUrl = t.String({ maxLength: 2048, description: 'URI scheme (myapp://path) or universal/app link' });
const WebUrl = t.String({ format: 'uri', description: 'http(s) URL' });

/** A link's `deep_link`: mobile visitors open the app. */
export const DeepLink = t.Object(
  {
    ios_app_url: t.Optional(AppUrl),
    ios_store_url: t.Optional(WebUrl),
    ios_fallback_url: t.Optional(WebUrl),
    android_app_url: t.Optional(AppUrl),
    android_store_url: t.Optional(WebUrl),
    android_fallback_url: t.Optional(WebUrl),
    interstitial: t.Optional(t.Boolean({ description: 'Show an app-detection page that falls back to the store or web URL (default false)' })),
  },
  { additionalProperties: false, description: 'Deep link (Pro+); at least one of ios_app_url, android_app_url' },
);
