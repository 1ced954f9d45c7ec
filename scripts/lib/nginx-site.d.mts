export function nginxSite(site: { listen: string; serverName: string; nodes: string[]; apiNodes?: string[] }): string;
export function nginxConf(dir: string, site: string, clientAddressHeader?: string): string;
