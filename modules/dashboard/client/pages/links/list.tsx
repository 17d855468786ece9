/** Placeholder until dash-links' page lands. */
export function LinksPage(_props: { wsId: string; linkId?: string }) {
  return <h1>Links</h1>;
}
