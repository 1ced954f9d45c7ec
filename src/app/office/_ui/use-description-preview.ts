'use client';

import { useEffect, useState } from 'react';
import { officeFetch } from './office-fetch';

/** A description as it will be stored (sanitized by the server's rules), refreshed a moment after typing stops. */
export function useDescriptionPreview(html: string, enabled = true): string {
  const [preview, setPreview] = useState('');
  useEffect(() => {
    if (!enabled) return;
    const timer = setTimeout(() => {
      officeFetch<{ html: string }>('/description-preview', { method: 'POST', body: { html } })
        .then((r) => setPreview(r.html))
        .catch(() => {});
    }, 400);
    return () => clearTimeout(timer);
  }, [html, enabled]);
  return preview;
}
