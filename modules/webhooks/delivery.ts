import { createHmac } from 'node:crypto';
import type { Config } from '../../core/config';
import { outboundCa, resolveOutboundTarget, sendOutbound, UnsafeUrlError, type OutboundPolicy, type OutboundResponse } from '../../core/outbound';
import { LIMITS } from '../../core/plans';

/** The JSON body of every delivery (as the API reference documents it). */
export interface WebhookPayload {
  /** unique per delivery: receivers discard repeats */
  id: string;
  type: string;
  workspace_id: string;
  timestamp: string;
  data: Record<string, unknown>;
}

export const USER_AGENT = 'linkhop-webhooks/1.0';

/** `sha256=<hex HMAC-SHA256(secret, timestamp + "." + raw_body)>` */
export const signPayload = (secret: string, timestamp: string, rawBody: string) =>
  `sha256=${createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex')}`;

export const webhookUrlPolicy = (config: Pick<Config, 'webhookAllowPrivate'>): OutboundPolicy => ({
  protocols: ['https:'],
  maxLength: LIMITS.webhookUrlMax,
  allowPrivate: config.webhookAllowPrivate,
});

/**
 * POSTs one signed payload. The URL is checked again here (DNS may have changed since it was
 * saved) and the request goes to the address that passed. The 5 s budget covers the lookup too.
 * Never throws: every outcome is a result to record.
 */
export async function postPayload(
  config: Pick<Config, 'webhookAllowPrivate' | 'webhookCaFile'>,
  webhook: { id: string; url: string; secret: string },
  payload: WebhookPayload,
): Promise<OutboundResponse> {
  const started = performance.now();
  const budget = LIMITS.webhookTimeoutMs;
  const body = JSON.stringify(payload);
  try {
    const target = await resolveOutboundTarget(webhook.url, { ...webhookUrlPolicy(config), lookupTimeoutMs: budget });
    const result = await sendOutbound(target, {
      method: 'POST',
      body,
      timeoutMs: Math.max(1, budget - (performance.now() - started)),
      ca: outboundCa(config.webhookCaFile),
      headers: {
        'content-type': 'application/json',
        'user-agent': USER_AGENT,
        'x-webhook-id': webhook.id,
        'x-webhook-event': payload.type,
        'x-webhook-timestamp': payload.timestamp,
        'x-webhook-signature': signPayload(webhook.secret, payload.timestamp, body),
      },
    });
    return { ...result, durationMs: Math.round(performance.now() - started) };
  } catch (error) {
    const message = error instanceof UnsafeUrlError ? error.message : `Delivery failed: ${(error as Error).message}`;
    return { statusCode: null, durationMs: Math.round(performance.now() - started), error: message };
  }
}
