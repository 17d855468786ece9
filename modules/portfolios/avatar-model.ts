import { t } from 'elysia';

export const AvatarAnswer = t.Object({ avatar_url: t.String({ description: 'The avatar’s address, new with each upload' }) });

const binary = t.String({ format: 'binary', description: 'The image (PNG, JPEG, WebP or GIF; at most 512 kB)' });

/** The request body in the OpenAPI document (a custom parser hides it from the generator). */
export const avatarRequestBody = {
  required: true,
  content: {
    'image/png': { schema: binary },
    'image/jpeg': { schema: binary },
    'image/webp': { schema: binary },
    'image/gif': { schema: binary },
    'multipart/form-data': { schema: t.Object({ avatar: binary }) },
  },
};

/**
 * The uploaded bytes: the whole body, or the multipart file field `avatar`. Whatever the body
 * declares itself to be, the handler reads the type from the bytes.
 */
export async function readAvatarUpload({ request }: { request: Request }, contentType: string): Promise<Uint8Array> {
  if (contentType.startsWith('multipart/form-data')) {
    // a malformed form holds no file: "avatar is required"
    const file = await request.formData().then(
      (form) => form.get('avatar'),
      () => null,
    );
    return typeof file === 'object' && file ? new Uint8Array(await file.arrayBuffer()) : new Uint8Array();
  }
  return new Uint8Array(await request.arrayBuffer());
}
