'use client';

import type { Locale } from '@/i18n/routing';
import { ApiError, apiRequest } from '@/ui/api-client';
import { withProgress } from '@/ui/progress/progress';
import { cvTypeOf } from '../schema';

export type UploadStep = 'address' | 'uploading' | 'uploaded';

/**
 * Sends a CV file: asks for an upload address, then PUTs the bytes there (our API or the
 * bucket). Answers the fileId to send with the form; a refusal is an ApiError whose errors name
 * the field ('file', 'email', 'info') and the message key.
 */
export async function uploadCv(
  file: File,
  { email, info, locale }: { email: string; info: string; locale: Locale },
  onStep: (step: UploadStep) => void,
): Promise<string> {
  onStep('address');
  const mimetype = cvTypeOf(file);
  const target = await apiRequest<{ uploadUrl: string; fileId: string; headers: Record<string, string> }>('/file/cv/uploadurl', {
    body: { file: { filename: file.name.slice(0, 1000), mimetype, size: file.size }, email, info, locale },
  });
  onStep('uploading');
  const response = await withProgress(fetch(target.uploadUrl, { method: 'PUT', headers: target.headers, body: file }).catch(() => null));
  if (!response) throw new ApiError(0, 'Network error');
  if (!response.ok) {
    const problem = (await response.json().catch(() => null)) as { title?: string; errors?: ApiError['errors'] } | null;
    throw new ApiError(response.status, problem?.title ?? response.statusText, problem?.errors ?? []);
  }
  onStep('uploaded');
  return target.fileId;
}

/** The field errors of a refusal, by form field: 'file.size' and 'form.email' become 'file' and 'email'. */
export function fieldErrors(errors: ApiError['errors']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of errors) {
    const parts = e.path.split('.').filter((p) => p !== 'form');
    const field = parts[0] === 'fileId' ? 'file' : (parts[0] ?? '');
    out[field] ??= e.message;
  }
  return out;
}
