import 'server-only';
import { createHmac } from 'node:crypto';
import { z } from 'zod';
import { env } from '@/server/env';

/** The queue of CRM deliveries; each lead's has the key below, so an erasure request can remove it. */
export const LEAD_WEBHOOK_QUEUE = 'lead-webhook';
export const webhookKey = (leadId: string) => `lead-webhook:${leadId}`;

const WebhookJob = z.object({ url: z.url(), body: z.string() });

function webhookSignature(body: string): string {
  return `sha256=${createHmac('sha256', env().LEADS_WEBHOOK_SECRET!).update(body).digest('hex')}`;
}

/**
 * The queue handler: posts the lead to the CRM. Anything but a 2xx within 10 s throws, and the
 * queue tries again with backoff (about a day in all).
 */
export async function deliverWebhook(data: unknown): Promise<void> {
  const { url, body } = WebhookJob.parse(data);
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-signature': webhookSignature(body) },
    body,
    signal: AbortSignal.timeout(10_000),
  });
  if (!res.ok) throw new Error(`webhook answered ${res.status}`);
}
