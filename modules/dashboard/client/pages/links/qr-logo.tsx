import { useState } from 'preact/hooks';
import { api, failureMessage } from '../../api';
import { Field, useLoad } from '../../ui';
import { Checkbox } from './inputs';

type Choice = 'none' | 'workspace' | 'upload';

interface Props {
  wsId: string;
  /** the `logo` query value: '' none, `workspace`, or an uploaded logo's id */
  logo: string;
  onLogo(logo: string): void;
  /** the QR route's refusal of `logo`, if any */
  error?: string;
}

/** The upload as the API takes it: a multipart form whose `file` is the image. */
async function upload(wsId: string, file: File, asWorkspaceLogo: boolean) {
  const form = new FormData();
  form.set('file', file);
  return api.post('/api/workspaces/{wsId}/qr/logos', {
    params: { path: { wsId }, query: asWorkspaceLogo ? { workspace_logo: true } : {} },
    // the client sends a FormData as it is (the browser writes the multipart boundary)
    body: form as never,
  });
}

/** The QR page's logo choice: none, the workspace logo, or an image uploaded here (optionally made the workspace logo). */
export function QrLogoOptions({ wsId, logo, onLogo, error }: Props) {
  const logos = useLoad(() => api.get('/api/workspaces/{wsId}/qr/logos', { params: { path: { wsId } } }), [wsId]);
  const [choice, setChoice] = useState<Choice>(logo === '' ? 'none' : logo === 'workspace' ? 'workspace' : 'upload');
  const [makeWorkspaceLogo, setMakeWorkspaceLogo] = useState(false);
  const [uploadError, setUploadError] = useState<string>();
  const [uploading, setUploading] = useState(false);
  const hasWorkspaceLogo = Boolean(logos.data?.logos.some((l) => l.workspace_logo));

  const choose = (next: Choice) => {
    setChoice(next);
    setUploadError(undefined);
    onLogo(next === 'workspace' ? 'workspace' : '');
  };

  const send = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    if (!file) return;
    setUploadError(undefined);
    setUploading(true);
    try {
      const stored = await upload(wsId, file, makeWorkspaceLogo);
      onLogo(stored.id);
      if (makeWorkspaceLogo) logos.reload();
    } catch (failure) {
      setUploadError(failureMessage(failure));
      onLogo('');
    } finally {
      setUploading(false);
    }
  };

  const options: [Choice, string, string][] = [
    ['none', 'No logo', 'the plain code'],
    [
      'workspace',
      'Workspace logo',
      hasWorkspaceLogo ? 'the logo this workspace uses on its codes' : 'none set yet: upload one and tick “Make it the workspace logo”',
    ],
    ['upload', 'Upload an image', 'PNG or JPEG, at most 512 kB and 1024 × 1024 pixels'],
  ];
  return (
    <fieldset class="choices qr-logo">
      <legend>Logo</legend>
      {options.map(([value, label, hint]) => (
        <label key={value} class="choice">
          <input
            type="radio"
            name="qr-logo"
            value={value}
            checked={choice === value}
            disabled={value === 'workspace' && !hasWorkspaceLogo && choice !== 'workspace'}
            onChange={() => choose(value)}
          />
          <span>
            <strong>{label}</strong> — {hint}
          </span>
        </label>
      ))}
      {choice === 'upload' && (
        <>
          <Checkbox label="Make it the workspace logo" checked={makeWorkspaceLogo} onChecked={setMakeWorkspaceLogo} hint="Tick before choosing the file." />
          <Field
            label="Logo image"
            type="file"
            accept="image/png,image/jpeg"
            disabled={uploading}
            error={uploadError ?? (logo && logo !== 'workspace' ? error : undefined)}
            onChange={(event) => void send(event.currentTarget)}
          />
        </>
      )}
      {choice === 'workspace' && error && <p class="field-error">{error}</p>}
      {logo && <p class="field-hint">With a logo, error correction is always High: the code survives the modules the logo hides.</p>}
    </fieldset>
  );
}
