import { ApiError } from '../../core/errors';

/**
 * The credential-less POSTs (the body's token is the credential) take JSON only: a cross-site page
 * can send a form or text/plain without asking, but never application/json.
 */
export const jsonOnly = ({ request }: { request: Request }) => {
  if (!request.headers.get('content-type')?.toLowerCase().startsWith('application/json')) {
    throw new ApiError(415, 'Send the body as JSON (content-type: application/json)');
  }
};
