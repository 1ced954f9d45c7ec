/** See security-headers.mjs. */
export const baseSecurityHeaders: { key: string; value: string }[];
export const apiCsp: string;
export function pageCsp(options?: { dev?: boolean; frameSources?: string[]; connectSources?: string[] }): string;
export function inlineScriptHashes(html: string): { sources: string[]; unknown: number };
export function allowScripts(csp: string, sources: string[]): string;
export function allowConnections(csp: string, origins: string[]): string;
export function uploadOrigins(s3: { bucket?: string; endpoint?: string; region?: string }): string[];
