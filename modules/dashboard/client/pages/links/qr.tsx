/** Placeholder until dash-links' page lands. */
export function LinkQrPage(_props: { wsId: string; linkId?: string }) {
  return <h1>Links</h1>;
}
