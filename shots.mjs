import { chromium } from '@playwright/test';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-dev-shm-usage'] });
const job = 'w6igle8ri0ta';
const pages = [['careers-en','/careers'],['careers-sp','/sp/careers'],['position-de','/de/careers/graduate-grc-consultant'],['apply-fr','/fr/jobs/all/apply/'+job],['apply-it-pos','/it/careers/graduate-grc-consultant/apply']];
for (const [w, h, tag] of [[390, 844, 'phone'], [1280, 900, 'desktop']]) {
  const p = await b.newPage({ viewport: { width: w, height: h } });
  for (const [name, url] of pages) {
    await p.goto('http://localhost:3530' + url, { waitUntil: 'load' });
    await p.screenshot({ path: '/tmp/shot-' + name + '-' + tag + '.png', fullPage: true });
  }
  await p.close();
}
await b.close();
