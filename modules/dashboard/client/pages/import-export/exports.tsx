/** The exports are plain downloads: the API answers a GET with the session cookie and names the file (Content-Disposition). */
export function Exports({ wsId }: { wsId: string }) {
  const url = (what: 'links' | 'clicks') => `/api/workspaces/${encodeURIComponent(wsId)}/export/${what}`;
  return (
    <section class="exports panel" aria-labelledby="exports-title">
      <h2 id="exports-title">Export</h2>
      <p class="muted">Every link of the workspace with its click count, or the most recent 10,000 clicks, newest first.</p>
      <div class="export-buttons">
        <a class="button button-secondary" href={url('links')} download>
          Download links CSV
        </a>
        <a class="button button-secondary" href={url('clicks')} download>
          Download clicks CSV
        </a>
      </div>
    </section>
  );
}
