import 'server-only';
import { createTranslator } from 'next-intl';
import { messages } from '@/i18n/messages';
import { isLocale, type Locale } from '@/i18n/routing';
import type { Currency } from '../schema';
import { formatPrice } from '../format';
import type { InvoiceData } from './invoice-data';

const INK = '#111827';
const MUTED = '#6b7280';

/**
 * An invoice as a PDF (A4), in the buyer's language, from what it says as issued. Text uses the
 * PDF's built-in Helvetica (no font file to ship): Latin scripts only, which covers the five languages.
 */
export async function invoicePdf(data: InvoiceData): Promise<Buffer> {
  // Loaded on the first invoice: the PDF writer and its fonts would otherwise hold some 30 MB of
  // every web server's memory from its start (decision 055).
  const { default: PDFDocument } = await import('pdfkit');
  const locale: Locale = isLocale(data.locale) ? data.locale : 'en';
  const t = createTranslator({ locale, messages: messages[locale], namespace: 'Courses.invoice' });
  const money = (cents: number) => formatPrice(cents / 100, data.currency as Currency, locale);
  const day = (iso: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));

  const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: `${t('title')} ${data.number}`, Author: data.seller.name } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = 56;
  const width = doc.page.width - 112;
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(20).text(t('title'), left, 56);
  doc.font('Helvetica').fontSize(10).fillColor(MUTED);
  doc
    .text(`${t('number')}: `, { continued: true })
    .fillColor(INK)
    .text(data.number);
  doc
    .fillColor(MUTED)
    .text(`${t('issued')}: `, { continued: true })
    .fillColor(INK)
    .text(day(data.issuedOn));

  // Seller and buyer side by side.
  const top = 130;
  const column = (x: number, heading: string, rows: (string | null)[]) => {
    doc
      .font('Helvetica-Bold')
      .fontSize(9)
      .fillColor(MUTED)
      .text(heading.toUpperCase(), x, top, { width: width / 2 - 12 });
    doc.font('Helvetica').fontSize(10).fillColor(INK);
    for (const row of rows) if (row) doc.text(row, { width: width / 2 - 12 });
  };
  column(left, t('seller'), [data.seller.name, data.seller.address, `${t('taxId')}: ${data.seller.taxId}`]);
  column(left + width / 2 + 12, t('buyer'), [
    data.buyer.company,
    data.buyer.name,
    data.buyer.address,
    data.buyer.vatId ? `${t('vatId')}: ${data.buyer.vatId}` : null,
  ]);

  // The line: the course, its seats, the price per seat with its discount, the amount.
  let y = 250;
  const cols = [
    { x: left, w: width * 0.46, label: t('description') },
    { x: left + width * 0.46, w: width * 0.1, label: t('quantity'), align: 'right' as const },
    { x: left + width * 0.56, w: width * 0.22, label: t('unitPrice'), align: 'right' as const },
    { x: left + width * 0.78, w: width * 0.22, label: t('amount'), align: 'right' as const },
  ];
  doc.font('Helvetica-Bold').fontSize(9).fillColor(MUTED);
  for (const c of cols) doc.text(c.label.toUpperCase(), c.x, y, { width: c.w, align: c.align ?? 'left' });
  y += 16;
  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .strokeColor('#d1d5db')
    .stroke();
  y += 8;
  const { line } = data;
  const discount =
    line.discountPercent > 0
      ? `${line.promo ?? t('discount', { percent: line.discountPercent })} (${t('listPrice')}: ${money(line.listUnitCents)})`
      : null;
  doc.font('Helvetica').fontSize(10).fillColor(INK);
  doc.text(line.description, cols[0]!.x, y, { width: cols[0]!.w });
  const afterDescription = doc.y;
  if (discount) doc.fontSize(9).fillColor(MUTED).text(discount, cols[0]!.x, afterDescription, { width: cols[0]!.w });
  const lineEnd = doc.y;
  doc.fontSize(10).fillColor(INK);
  doc.text(String(line.quantity), cols[1]!.x, y, { width: cols[1]!.w, align: 'right' });
  doc.text(money(line.unitCents), cols[2]!.x, y, { width: cols[2]!.w, align: 'right' });
  doc.text(money(line.unitCents * line.quantity), cols[3]!.x, y, { width: cols[3]!.w, align: 'right' });
  y = Math.max(lineEnd, doc.y) + 12;
  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .strokeColor('#d1d5db')
    .stroke();
  y += 10;

  // Net, each tax, total.
  const total = (label: string, value: string, bold = false) => {
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(bold ? 12 : 10)
      .fillColor(INK);
    doc.text(label, left + width * 0.5, y, { width: width * 0.28, align: 'right' });
    doc.text(value, left + width * 0.78, y, { width: width * 0.22, align: 'right' });
    y = doc.y + 6;
  };
  total(t('net'), money(data.netCents));
  for (const tax of data.taxes) total(tax.label, money(tax.cents));
  total(t('total'), money(data.totalCents), true);

  y += 24;
  doc.font('Helvetica').fontSize(10).fillColor(INK);
  doc.text(
    t('paid', {
      method: data.payment.method === 'stripe' ? t('card') : t('transfer'),
      date: day(data.payment.paidOn),
      reference: data.payment.reference,
    }),
    left,
    y,
    { width },
  );
  if (data.taxes.length) doc.fillColor(MUTED).fontSize(9).text(t('taxesIncluded'), { width });
  doc.end();
  return done;
}
