import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { nginxSite } from './nginx-site.mjs';

describe('the nginx site of the deployment recipe', () => {
  it('is the one the cluster runs (deploy/nginx-site.conf is nginxSite for two nodes)', () => {
    const recipe = readFileSync('deploy/nginx-site.conf', 'utf8');
    const site = nginxSite({ listen: '80', serverName: 'www.acme-digital.example', nodes: ['10.0.0.11:3001', '10.0.0.12:3001'] });
    expect(recipe.endsWith(site)).toBe(true);
    expect(site).toContain('proxy_set_header X-Real-IP $remote_addr;');
  });
});
