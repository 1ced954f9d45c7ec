export function nginxSite(site: { listen: string; serverName: string; nodes: string[] }): string;
