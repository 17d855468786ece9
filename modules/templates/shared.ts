/**
 * The link fields a template's config may hold (the API's Template), besides `expires_in_days`: pure
 * data, one list for the service's check, the OpenAPI prose and the dashboard's form (runs in the browser).
 */
export const TEMPLATE_LINK_FIELDS = [
  'domain',
  'utm_params',
  'tags',
  'routing_rules',
  'rules',
  'og_title',
  'og_description',
  'og_image',
  'interstitial',
  'sequence',
] as const;
