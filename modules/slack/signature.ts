import { createHmac } from 'node:crypto';
import { sameSecret } from '../../core/secrets';

/** Slack's replay window: a request whose timestamp is further than this from now is refused. */
export const SLACK_MAX_AGE_SEC = 5 * 60;
const SIGNATURE_PATTERN = /^v0=[0-9a-f]{64}$/;

/**
 * Slack's request signature (v0): `v0=` + hex HMAC-SHA256, keyed with the app's signing secret,
 * of `v0:{X-Slack-Request-Timestamp}:{raw body}`, over the body's bytes exactly as they came.
 */
export function slackSignature(secret: string, timestamp: string, body: Uint8Array): string {
  return `v0=${createHmac('sha256', secret).update(`v0:${timestamp}:`).update(body).digest('hex')}`;
}

/** The request's timestamp when it is a whole number of seconds within the replay window of `nowMs`, else null. */
export function freshTimestamp(header: string | null, nowMs: number): string | null {
  if (!header || !/^\d{1,12}$/.test(header)) return null;
  return Math.abs(nowMs / 1000 - Number(header)) <= SLACK_MAX_AGE_SEC ? header : null;
}

export const wellFormedSignature = (header: string | null): header is string => header !== null && SIGNATURE_PATTERN.test(header);

/** Whether `signature` is `secret`'s over the timestamp and body, compared in constant time. */
export const signedWith = (secret: string, timestamp: string, body: Uint8Array, signature: string): boolean =>
  sameSecret(slackSignature(secret, timestamp, body), signature);
