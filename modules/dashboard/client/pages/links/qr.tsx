import { useEffect, useState } from 'preact/hooks';
import { api, ApiFailure, type ApiQuery, hasCode } from '../../api';
import { ErrorNotice, FailureNotice, Field, Loading, useLoad } from '../../ui';
import { Checkbox } from './inputs';
import { QrLogoOptions } from './qr-logo';
import './links.css';

interface QrOptions {
  fg: string;
  bg: string;
  transparent: boolean;
  size: string;
  margin: string;
  ec: Level;
  /** '' none, `workspace`, or an uploaded logo's id */
  logo: string;
}

type QrQuery = ApiQuery<'get', '/api/workspaces/{wsId}/links/{linkId}/qr'>;
type Level = NonNullable<QrQuery['ec']>;

const PREVIEW_DELAY_MS = 400;
const LEVELS: [Level, string][] = [
  ['L', 'Low (7% may be damaged)'],
  ['M', 'Medium (15%)'],
  ['Q', 'Quartile (25%)'],
  ['H', 'High (30%)'],
];

const qrQuery = (o: QrOptions, format: 'svg' | 'png'): QrQuery => ({
  format,
  size: Number(o.size),
  fg: o.fg.replace('#', ''),
  bg: o.transparent ? 'transparent' : o.bg.replace('#', ''),
  margin: Number(o.margin),
  ec: o.ec,
  ...(o.logo ? { logo: o.logo } : {}),
});

/** A download's address: a plain link the browser follows (the preview goes through the API client). */
function downloadUrl(wsId: string, linkId: string, o: QrOptions, format: 'svg' | 'png') {
  const params = new URLSearchParams({ ...Object.fromEntries(Object.entries(qrQuery(o, format)).map(([key, value]) => [key, String(value)])), download: '1' });
  return `/api/workspaces/${wsId}/links/${encodeURIComponent(linkId)}/qr?${params}`;
}

/** The QR image as an object URL, or the API's refusal (a bad size or colour, the rate limit). */
async function fetchQr(wsId: string, linkId: string, o: QrOptions): Promise<string> {
  const image = await api.get('/api/workspaces/{wsId}/links/{linkId}/qr', { params: { path: { wsId, linkId }, query: qrQuery(o, 'svg') }, parseAs: 'blob' });
  return URL.createObjectURL(image);
}

/** A link's QR code: colours, size, quiet zone and error correction, previewed as you change them; downloads as SVG or PNG. */
export function LinkQrPage({ wsId, linkId }: { wsId: string; linkId?: string }) {
  const link = useLoad(() => api.get('/api/workspaces/{wsId}/links/{linkId}', { params: { path: { wsId, linkId: linkId! } } }), [wsId, linkId]);
  const [options, setOptions] = useState<QrOptions>({ fg: '#000000', bg: '#ffffff', transparent: false, size: '400', margin: '2', ec: 'M', logo: '' });
  const [preview, setPreview] = useState<string>();
  const [failure, setFailure] = useState<ApiFailure>();
  const set = (change: Partial<QrOptions>) => setOptions((o) => ({ ...o, ...change }));
  const optionsKey = JSON.stringify(options);

  useEffect(() => {
    if (!link.data) return;
    let current = true;
    let shown: string | undefined;
    const timer = setTimeout(() => {
      fetchQr(wsId, linkId!, options).then(
        (url) => {
          shown = url;
          if (!current) return URL.revokeObjectURL(url);
          setPreview(url);
          setFailure(undefined);
        },
        (error) => current && setFailure(error instanceof ApiFailure ? error : new ApiFailure(0, String(error))),
      );
    }, PREVIEW_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
      if (shown) setTimeout(() => URL.revokeObjectURL(shown!), 1000);
    };
  }, [wsId, linkId, optionsKey, Boolean(link.data)]);

  const listHref = `/app/w/${wsId}/links`;
  if (link.error) {
    return (
      <>
        <h1>QR code</h1>
        {hasCode(link.error, 'not_found') ? (
          <ErrorNotice error="This link does not exist (it may have been deleted)." />
        ) : (
          <FailureNotice error={link.error} retry={link.reload} />
        )}
        <a href={listHref}>Back to the links</a>
      </>
    );
  }
  if (!link.data) {
    return (
      <>
        <h1>QR code</h1>
        <Loading />
      </>
    );
  }
  const short = link.data.short_url;
  const field = failure?.field;
  const errorOf = (name: string) => (field === name ? failure!.message : undefined);
  const general = failure && !['size', 'fg', 'bg', 'margin', 'ec', 'logo'].includes(field ?? '') ? failure : undefined;
  return (
    <div class="qr-page">
      <div class="page-header">
        <h1>QR code</h1>
        <a href={`/app/w/${wsId}/links/${link.data.id}`}>Back to the link</a>
      </div>
      <p>
        Encodes <a href={short}>{short}</a>
      </p>
      <div class="qr-layout">
        <form class="qr-options" aria-label="QR code options" onSubmit={(event) => event.preventDefault()}>
          <div class="row">
            <Field
              label="Foreground colour"
              type="color"
              value={options.fg}
              error={errorOf('fg')}
              onInput={(event) => set({ fg: event.currentTarget.value })}
              class="narrow"
            />
            <Field
              label="Background colour"
              type="color"
              value={options.bg}
              error={errorOf('bg')}
              disabled={options.transparent}
              onInput={(event) => set({ bg: event.currentTarget.value })}
              class="narrow"
            />
          </div>
          <Checkbox
            label="Transparent background"
            checked={options.transparent}
            onChecked={(transparent) => set({ transparent })}
            hint="SVG only: a PNG always has a background."
          />
          <div class="row">
            <Field
              label="Size in pixels"
              type="number"
              min={100}
              max={2000}
              step={10}
              value={options.size}
              error={errorOf('size')}
              hint="100 to 2000"
              onInput={(event) => set({ size: event.currentTarget.value })}
              class="narrow"
            />
            <Field
              label="Quiet zone"
              type="number"
              min={0}
              max={8}
              value={options.margin}
              error={errorOf('margin')}
              hint="Blank border, 0 to 8 modules"
              onInput={(event) => set({ margin: event.currentTarget.value })}
              class="narrow"
            />
          </div>
          <Field
            label="Error correction"
            error={errorOf('ec')}
            hint={options.logo ? 'High while a logo is drawn.' : 'Higher survives more damage but makes a denser code.'}
          >
            {(control) => (
              <select
                {...control}
                disabled={Boolean(options.logo)}
                value={options.logo ? 'H' : options.ec}
                onChange={(event) => set({ ec: LEVELS.find(([level]) => level === event.currentTarget.value)?.[0] ?? 'M' })}
              >
                {LEVELS.map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <QrLogoOptions wsId={wsId} logo={options.logo} onLogo={(logo) => set({ logo })} error={errorOf('logo')} />
        </form>
        <div class="qr-preview">
          <h2>Preview</h2>
          {general && (
            <ErrorNotice
              error={
                general.code === 'rate_limited' ? `Too many QR codes asked for just now; try again in ${general.retryAfter ?? 60} seconds.` : general.message
              }
            />
          )}
          <div class={`qr-frame${options.transparent ? ' qr-transparent' : ''}`}>
            {preview ? <img src={preview} alt={`QR code for ${short}`} class="qr-image" /> : <Loading label="Drawing the QR code…" />}
          </div>
          <div class="qr-downloads">
            <a class="button button-primary" href={downloadUrl(wsId, link.data.id, options, 'svg')} download>
              Download SVG
            </a>
            {options.transparent ? (
              <span class="field-note">PNG needs a background colour.</span>
            ) : (
              <a class="button" href={downloadUrl(wsId, link.data.id, options, 'png')} download>
                Download PNG
              </a>
            )}
          </div>
        </div>
      </div>
    </div>
  );
}
