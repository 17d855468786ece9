import { useRef, useState } from 'preact/hooks';
import { api } from '../../api';
import { Button, Field, useLoad } from '../../ui';
import { splitCsv } from './chunks';
import type { ImportFormat, ImportRequest } from './run-import';

const FORMATS: [ImportFormat, string][] = [
  ['auto', 'Detect from the columns'],
  ['generic', 'Generic CSV'],
  ['bitly', 'Bitly export'],
];

/** The file, its format and the domain its links get; the file is read and split here, the requests are the caller's. */
export function ImportForm({ wsId, busy, onStart }: { wsId: string; busy: boolean; onStart(request: ImportRequest): void }) {
  const domains = useLoad(() => api.get('/api/workspaces/{wsId}/domains', { params: { path: { wsId } } }), [wsId]);
  const file = useRef<HTMLInputElement>(null);
  const [format, setFormat] = useState<ImportFormat>('auto');
  const [domain, setDomain] = useState('');
  const [fileError, setFileError] = useState<string>();

  const submit = async (event: Event) => {
    event.preventDefault();
    const chosen = file.current?.files?.[0];
    if (!chosen) return setFileError('Choose a CSV file to import');
    try {
      const { chunks, rows } = splitCsv(await chosen.text());
      setFileError(undefined);
      onStart({ wsId, chunks, rows, format, domain });
    } catch (error) {
      setFileError((error as Error).message);
    }
  };
  const verified = domains.data?.domains.filter((d) => d.verified) ?? [];
  return (
    <form class="import-form panel" onSubmit={submit} noValidate>
      <h2>Import links</h2>
      <p class="muted">
        A generic CSV names its destination column <code>target</code>, <code>url</code>, <code>destination</code> or <code>long_url</code>, and may add{' '}
        <code>title</code>, <code>slug</code>, <code>tags</code> and <code>note</code>. A Bitly export is recognised by its <code>bitlink</code> column. Long
        files are sent 500 rows at a time.
      </p>
      <div class="import-fields">
        <Field label="CSV file" type="file" accept=".csv,text/csv" ref={file} error={fileError} onChange={() => setFileError(undefined)} />
        <Field label="Format" class="import-select">
          {(control) => (
            <select {...control} value={format} onChange={(event) => setFormat(FORMATS.find(([value]) => value === event.currentTarget.value)?.[0] ?? 'auto')}>
              {FORMATS.map(([value, name]) => (
                <option key={value} value={value}>
                  {name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Domain" class="import-select" hint="Custom slugs in the file need a custom domain.">
          {(control) => (
            <select {...control} value={domain} onChange={(event) => setDomain(event.currentTarget.value)}>
              <option value="">{domains.data?.default_domain ?? 'Default domain'}</option>
              {verified.map((d) => (
                <option key={d.id} value={d.domain}>
                  {d.domain}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <Button type="submit" variant="primary" busy={busy}>
        Import links
      </Button>
    </form>
  );
}
