export const LOCALES: string[];
export const LOCALE_COOKIE: string;
export const PAGE_SECONDS: number;
export function nginxSite(site: { listen: string; serverName: string; nodes: string[]; apiNodes?: string[]; cacheDir?: string }): string;
export function nginxConf(dir: string, site: string, clientAddressHeader?: string): string;
