import { render } from '@react-email/render';
import { describe, expect, it } from 'vitest';
import { MailLayout, MailParagraph } from './mail-layout';

describe('mail layout', () => {
  it('shows the logo from the site, as a PNG with its size, next to the name', async () => {
    const html = await render(
      <MailLayout
        locale="de"
        brand={{ siteName: 'Acme Digital', siteUrl: 'https://www.acme.example', address: 'Calle Ejemplo 12, Madrid' }}
        preview="Hallo"
        heading="Hallo"
        footer="Sie erhalten diese Mail, weil…"
      >
        <MailParagraph>Text</MailParagraph>
      </MailLayout>,
    );
    const img = html.match(/<img[^>]*>/)?.[0] ?? '';
    expect(img).toContain('src="https://www.acme.example/logo.png"');
    expect(img).toContain('width="36"');
    expect(img).toContain('height="36"');
    expect(html).toMatch(/<a href="https:\/\/www\.acme\.example"[^>]*>Acme Digital<\/a>/);
  });
});
