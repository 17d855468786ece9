/** Placeholder until dash-links' page lands. */
export function LinkEditorPage(_props: { wsId: string; linkId?: string }) {
  return <h1>Links</h1>;
}
