/**
 * What the sitemap lists: the parts its index (/sitemap.xml) names, each read through `get` and
 * joined. `get` takes a path: the parts are asked of the server under test, whatever address the
 * index names them by (the public one, which may be a proxy in front of several nodes).
 */
export async function sitemapText(get: (path: string) => Promise<string>): Promise<string> {
  const index = await get('/sitemap.xml');
  const parts = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  if (!index.includes('<sitemapindex') || parts.length === 0) throw new Error(`not a sitemap index: ${index.slice(0, 200)}`);
  return (await Promise.all(parts.map(get))).join('\n');
}
