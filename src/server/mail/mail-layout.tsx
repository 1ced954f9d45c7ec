import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Column } from '@react-email/column';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Img } from '@react-email/img';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Row } from '@react-email/row';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { ReactNode } from 'react';
import type { Locale } from '@/i18n/routing';

export interface MailBrand {
  siteName: string;
  siteUrl: string;
  address: string;
}

const font = 'system-ui, -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif';

/** The frame of every mail: brand header, content, footer with why and the company's address. */
export function MailLayout(props: {
  locale: Locale;
  brand: MailBrand;
  preview: string;
  heading: string;
  footer: string;
  children: ReactNode;
}) {
  const { locale, brand } = props;
  return (
    <Html lang={locale === 'es' ? 'es' : locale}>
      <Head />
      <Preview>{props.preview}</Preview>
      <Body style={{ backgroundColor: '#f4f5f7', fontFamily: font, margin: 0, padding: '24px 0' }}>
        <Container style={{ backgroundColor: '#ffffff', borderRadius: 8, maxWidth: 560, padding: '32px 32px 24px' }}>
          {/* The mark as a PNG (mail clients do not show SVG) from the site itself, beside the name
              as text: with images blocked the name still stands, and the empty alt adds no noise. */}
          <Section>
            <Row>
              <Column style={{ width: 44, verticalAlign: 'middle' }}>
                <Link href={brand.siteUrl}>
                  <Img src={`${brand.siteUrl}/logo.png`} width={36} height={36} alt="" style={{ borderRadius: 8 }} />
                </Link>
              </Column>
              <Column style={{ verticalAlign: 'middle' }}>
                <Link href={brand.siteUrl} style={{ color: '#1e40af', fontSize: 18, fontWeight: 700, textDecoration: 'none' }}>
                  {brand.siteName}
                </Link>
              </Column>
            </Row>
          </Section>
          <Heading as="h1" style={{ color: '#111827', fontSize: 22, lineHeight: '30px', margin: '24px 0 12px' }}>
            {props.heading}
          </Heading>
          {props.children}
          <Hr style={{ borderColor: '#e5e7eb', margin: '28px 0 16px' }} />
          <Text style={{ color: '#6b7280', fontSize: 12, lineHeight: '18px', margin: 0 }}>{props.footer}</Text>
          <Text style={{ color: '#6b7280', fontSize: 12, lineHeight: '18px', margin: '4px 0 0' }}>{brand.address}</Text>
        </Container>
      </Body>
    </Html>
  );
}

/** The mail's call to action: a link drawn as the site's button, in a block of its own. */
export function MailButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Section style={{ margin: '20px 0' }}>
      <Button
        href={href}
        style={{
          backgroundColor: '#1d4ed8',
          borderRadius: 6,
          color: '#ffffff',
          fontSize: 15,
          fontWeight: 600,
          padding: '12px 18px',
          textDecoration: 'none',
        }}
      >
        {children}
      </Button>
    </Section>
  );
}

export function MailParagraph({ children }: { children: ReactNode }) {
  return <Text style={{ color: '#374151', fontSize: 15, lineHeight: '24px', margin: '0 0 12px' }}>{children}</Text>;
}

/** What a visitor sent, label above value; React escapes the values. */
export function MailFields({ fields }: { fields: [string, string, string?][] }) {
  return fields.map(([label, value, href]) => (
    <Section key={label} style={{ borderTop: '1px solid #e5e7eb', padding: '8px 0' }}>
      <Text style={{ color: '#6b7280', fontSize: 12, margin: 0, textTransform: 'uppercase' }}>{label}</Text>
      {/* dir="auto" isolates what the visitor typed: right-to-left text or a direction override in it
          cannot reorder the labels and the other fields around it. */}
      <Text dir="auto" style={{ color: '#111827', fontSize: 15, margin: '2px 0 0', whiteSpace: 'pre-wrap' }}>
        {/* A field that names a record (a course, an order, a job) links to its page in the office. */}
        {href && value ? (
          <Link href={href} style={{ color: '#1d4ed8' }}>
            {value}
          </Link>
        ) : (
          value || '—'
        )}
      </Text>
    </Section>
  ));
}
