import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { api } from '../../api';
import { Button, Field, useLoad } from '../../ui';
import { FORMAT_NAMES, type ImportFormat, type ImportRequest } from './run-import';

/** the API's import body limit */
const IMPORT_BYTES = 8 * 1024 * 1024;
const FORMATS = Object.entries(FORMAT_NAMES) as [ImportFormat, string][];

interface ImportFormProps {
  wsId: string;
  busy: boolean;
  /** a file is chosen, or its format or domain changed: time for a preview */
  onChoose(request: ImportRequest): void;
  /** the person confirms: import it */
  onStart(request: ImportRequest): void;
  /** the preview of the current choice, shown above the Import button */
  children?: ComponentChildren;
}

/** The file, its format and the domain its links get; the file is read here, the requests are the caller's. */
export function ImportForm({ wsId, busy, onChoose, onStart, children }: ImportFormProps) {
  const domains = useLoad(() => api.get('/api/workspaces/{wsId}/domains', { params: { path: { wsId } } }), [wsId]);
  const [file, setFile] = useState<string>();
  const [format, setFormat] = useState<ImportFormat>('auto');
  const [domain, setDomain] = useState('');
  const [fileError, setFileError] = useState<string>();

  const request = (change: { file?: string; format?: ImportFormat; domain?: string }): ImportRequest | undefined => {
    const text = change.file ?? file;
    return text === undefined ? undefined : { wsId, text, format: change.format ?? format, domain: change.domain ?? domain };
  };
  /** a new choice: kept, and previewed when there is a file */
  const choose = (change: { file?: string; format?: ImportFormat; domain?: string }) => {
    const next = request(change);
    if (next) onChoose(next);
  };
  const readFile = async (input: HTMLInputElement) => {
    const chosen = input.files?.[0];
    setFile(undefined);
    if (!chosen) return;
    if (chosen.size > IMPORT_BYTES) return setFileError('The file is over 8 MB, the most one import takes: split it in parts');
    // the whole file goes to the API, which reads it (CSV or JSON) as the import does: the preview says what it finds
    const text = await chosen.text();
    if (!text.trim()) return setFileError('The file is empty');
    setFileError(undefined);
    setFile(text);
    choose({ file: text });
  };
  const submit = (event: Event) => {
    event.preventDefault();
    const next = request({});
    if (!next) return setFileError((current) => current ?? 'Choose a file to import');
    onStart(next);
  };
  const verified = domains.data?.domains.filter((d) => d.verified) ?? [];
  return (
    <form class="import-form panel" onSubmit={submit} noValidate>
      <h2>Import links</h2>
      <p class="muted">
        Exports of Bitly, Shlink, YOURLS and Kutt are recognised by their columns; short codes they bring are kept on a custom domain. A generic CSV names its
        destination column <code>target</code>, <code>url</code>, <code>destination</code> or <code>long_url</code>, and may add <code>title</code>,{' '}
        <code>slug</code>, <code>tags</code> and <code>note</code>. A Linkhop JSON Lines export, Kutt's JSON link list and a table saved from Shlink's CLI are
        read too. Choosing a file shows what the import would do; any length up to 8 MB is imported, 500 rows at a time.
      </p>
      <div class="import-fields">
        <Field
          label="File to import"
          type="file"
          accept=".csv,.txt,.json,.jsonl,.ndjson,text/csv,application/json,application/x-ndjson"
          hint="CSV, JSON Lines, a JSON link list or a table saved from Shlink’s CLI"
          error={fileError}
          onChange={(event) => {
            setFileError(undefined);
            void readFile(event.currentTarget);
          }}
        />
        <Field label="Format" class="import-select">
          {(control) => (
            <select
              {...control}
              value={format}
              onChange={(event) => {
                const chosen = FORMATS.find(([value]) => value === event.currentTarget.value)?.[0] ?? 'auto';
                setFormat(chosen);
                choose({ format: chosen });
              }}
            >
              {FORMATS.map(([value, name]) => (
                <option key={value} value={value}>
                  {name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Domain" class="import-select" hint="Custom slugs and kept short codes need a custom domain.">
          {(control) => (
            <select
              {...control}
              value={domain}
              onChange={(event) => {
                setDomain(event.currentTarget.value);
                choose({ domain: event.currentTarget.value });
              }}
            >
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
      {children}
      <Button type="submit" variant="primary" busy={busy}>
        Import links
      </Button>
    </form>
  );
}
