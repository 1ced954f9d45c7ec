// The logo mark: a peak (an "A" without its bar, a step up) with one square "pixel" above its
// shoulder: building up, digitally. Drawn once here; the header, the favicon (src/app/icon.svg), public/logo.svg, the
// mails' public/logo.png and the share image all show these shapes (mark.test.ts keeps the
// static files in step). The name beside it is live text, as SITE_NAME changes it.

export const markShapes = {
  viewBox: '0 0 64 64',
  tile: { width: 64, height: 64, rx: 14, fill: '#1d4ed8' },
  // The lower right corner a shade darker: some depth without a gradient (no ids to collide inline).
  facet: { d: 'M64 30v20a14 14 0 0 1-14 14H30z', fill: '#1e40af' },
  peak: { d: 'M14 48 28 19l14 29', stroke: '#ffffff', strokeWidth: 7 },
  pixel: { x: 41, y: 13, width: 10, height: 10, rx: 2, fill: '#93c5fd' },
} as const;

const { tile, facet, peak, pixel } = markShapes;

/** The mark as a standalone SVG file (favicon, public/logo.svg, the share image's data URI). */
export const markSvg =
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${markShapes.viewBox}">` +
  `<rect width="${tile.width}" height="${tile.height}" rx="${tile.rx}" fill="${tile.fill}"/>` +
  `<path d="${facet.d}" fill="${facet.fill}"/>` +
  `<path d="${peak.d}" fill="none" stroke="${peak.stroke}" stroke-width="${peak.strokeWidth}" stroke-linecap="round" stroke-linejoin="round"/>` +
  `<rect x="${pixel.x}" y="${pixel.y}" width="${pixel.width}" height="${pixel.height}" rx="${pixel.rx}" fill="${pixel.fill}"/>` +
  `</svg>`;
