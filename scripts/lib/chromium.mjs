// Debian's Chromium (CHROME_PATH for another binary), headless, with nothing that calls the
// internet: for the browser tests and the Lighthouse audit.
export const chromiumPath = process.env.CHROME_PATH || '/usr/bin/chromium';

export const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
