/** The HTTP status an error stands for: its statusCode, its status or its response's status; 500 otherwise. */
export function errorStatus(error: unknown): number {
  const e = (error ?? {}) as { statusCode?: unknown; status?: unknown; response?: { status?: unknown } };
  for (const candidate of [e.statusCode, e.status, e.response?.status]) {
    const n = typeof candidate === 'string' ? Number(candidate) : candidate;
    if (typeof n === 'number' && Number.isInteger(n) && n >= 400 && n <= 599) return n;
  }
  return 500;
}
