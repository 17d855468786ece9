import { useState } from 'preact/hooks';
import { AVATAR_MAX_BYTES, AVATAR_TYPES, initialsOf } from '../../../../portfolios/shared';
import { api, failureMessage } from '../../api';
import { Button, Field, toast } from '../../ui';
import type { PortfolioAt } from './types';

/**
 * The avatar of the public page (and of its link previews): uploaded as soon as it is picked, or
 * removed. The API checks size and type; an image plainly too large is refused here first.
 */
export function AvatarEditor({ at, name, avatarUrl, onChanged }: { at: PortfolioAt; name: string; avatarUrl: string | null; onChanged(): void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const run = async (work: () => Promise<unknown>, done: string) => {
    setBusy(true);
    setError(undefined);
    try {
      await work();
      toast(done);
      onChanged();
    } catch (failure) {
      setError(failureMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  const upload = (input: HTMLInputElement) => {
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    if (file.size > AVATAR_MAX_BYTES) {
      setError(`${file.name} has ${Math.ceil(file.size / 1024)} kB: the avatar may have ${AVATAR_MAX_BYTES / 1024} kB at most`);
      return;
    }
    return run(
      () =>
        api.put('/api/workspaces/{wsId}/portfolios/{portfolioId}/avatar', {
          params: { path: at },
          // the document types a binary body as a string; the image goes as it is (the default serializer would write JSON)
          body: file as never,
          bodySerializer: () => file,
          headers: { 'content-type': file.type || 'application/octet-stream' },
        }),
      'Avatar uploaded; the public page shows it now',
    );
  };
  return (
    <section class="panel" aria-labelledby="avatar-heading">
      <h2 id="avatar-heading">Avatar</h2>
      <div class="avatar-editor">
        {avatarUrl ? <img src={avatarUrl} alt="Current avatar" width={64} height={64} /> : null}
        <Field
          label="Upload an avatar image"
          hint={`PNG, JPEG, WebP or GIF, at most ${AVATAR_MAX_BYTES / 1024} kB; square images look best.${avatarUrl ? '' : ` Without one the page shows the initials “${initialsOf(name)}”.`}`}
          error={error}
        >
          {(control) => <input {...control} type="file" accept={AVATAR_TYPES.join(',')} disabled={busy} onChange={(e) => upload(e.currentTarget)} />}
        </Field>
        {avatarUrl && (
          <Button
            busy={busy}
            onClick={() => run(() => api.delete('/api/workspaces/{wsId}/portfolios/{portfolioId}/avatar', { params: { path: at } }), 'Avatar removed')}
          >
            Remove avatar
          </Button>
        )}
      </div>
    </section>
  );
}
