import { pageLocale } from '@/i18n/page-locale';
import { ImageResponse } from 'next/og';
import { messages } from '@/i18n/messages';
import { locales } from '@/i18n/routing';
import { env } from '@/server/env';
import { markSvg } from '@/ui/brand/mark';

const mark = `data:image/svg+xml;base64,${Buffer.from(markSvg).toString('base64')}`;

// Drawn once per locale at build time with the font bundled in next/og (no network, no remote
// font). The path ends in .png so the locale proxy leaves it alone.
export const dynamic = 'force-static';

export function generateStaticParams() {
  return locales.map((locale) => ({ locale }));
}

export async function GET(_request: Request, { params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  pageLocale(locale);
  const siteName = env().SITE_NAME;
  const { description } = messages[locale].Metadata;
  return new ImageResponse(
    <div
      style={{
        width: '100%',
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'space-between',
        padding: 80,
        background: 'linear-gradient(135deg, #1e3a8a 0%, #1d4ed8 100%)',
        color: 'white',
      }}
    >
      <div style={{ display: 'flex', alignItems: 'center', gap: 24 }}>
        {/* A white rim sets the blue mark off the blue background. */}
        <div style={{ display: 'flex', padding: 5, borderRadius: 24, background: 'white' }}>
          {/* eslint-disable-next-line @next/next/no-img-element -- drawn by next/og, not a page */}
          <img src={mark} width={88} height={88} alt="" />
        </div>
        <div style={{ fontSize: 44 }}>{siteName}</div>
      </div>
      <div style={{ fontSize: 64, lineHeight: 1.15, maxWidth: 1000 }}>{description}</div>
    </div>,
    { width: 1200, height: 630 },
  );
}
