import 'server-only';
import { randomUUID } from 'node:crypto';
import { messages } from '@/i18n/messages';
import type { Locale } from '@/i18n/routing';
import type { DbOrTx } from '@/server/db';
import { env } from '@/server/env';
import { companyAddress } from '@/server/brand';
import { courseText } from './courses-service';
import { insertInvoice, nextInvoiceNumber } from './invoices-repository';
import type { CourseInvoice, CourseOrder, CourseRow } from './courses-table';
import type { InvoiceData } from './invoice-data';

/** A configured label that is the value-added tax ("VAT", "VAT 21%"), which has a name in each language. */
const VAT_LABEL = /^VAT(?:\s+\d+(?:[.,]\d+)?\s*%)?$/i;

export const isVat = (tax: { label: string }) => VAT_LABEL.test(tax.label.trim());

/** A tax as the invoice names it in its language: IVA, TVA, MwSt. for VAT; any other label as configured. */
export function taxLabel(tax: { label: string; rate: number }, locale: Locale): string {
  if (!isVat(tax)) return tax.label;
  return messages[locale].Courses.invoice.vat.replace('{rate}', new Intl.NumberFormat(locale).format(tax.rate));
}

/**
 * The seller's address under their name: COMPANY_ADDRESS may start with the name itself (it does
 * in the site's footer), which the invoice would otherwise print twice.
 */
function sellerAddress(name: string, locale: Locale): string {
  const address = companyAddress(locale);
  return address.toLowerCase().startsWith(`${name.toLowerCase()},`) ? address.slice(name.length + 1).trim() : address;
}

/**
 * The taxes a price includes: the net price is the total without them, rounded to the cent, and
 * the taxes share the rest (the last one takes what rounding leaves), so net plus taxes is the
 * total paid, to the cent.
 */
export function taxesOf(totalCents: number, taxes: { label: string; rate: number }[]) {
  const rate = taxes.reduce((sum, t) => sum + t.rate, 0);
  const netCents = Math.round(totalCents / (1 + rate / 100));
  let left = totalCents - netCents;
  const lines = taxes.map((t, i) => {
    const cents = i === taxes.length - 1 ? left : Math.round((netCents * t.rate) / 100);
    left -= cents;
    return { ...t, cents };
  });
  return { netCents: taxes.length ? netCents : totalCents, taxes: lines };
}

/**
 * Issues the invoice of an order being paid, in the paying transaction: the year's next number
 * (the counter row is locked until the transaction ends, and a rollback takes the number back, so
 * none is skipped) and what it says, kept as issued. Once per order.
 */
export async function issueInvoice(
  tx: DbOrTx,
  order: CourseOrder,
  course: CourseRow,
  { issuedAt, paidAt }: { issuedAt: Date; paidAt: Date },
): Promise<CourseInvoice> {
  const year = issuedAt.getUTCFullYear();
  const last = await nextInvoiceNumber(tx, year);
  const number = `${year}-${String(last).padStart(6, '0')}`;
  const e = env();
  const locale = order.locale as Locale;
  const data: InvoiceData = {
    number,
    issuedOn: issuedAt.toISOString().slice(0, 10),
    locale,
    currency: order.currency,
    seller: { name: e.COMPANY_LEGAL_NAME, address: sellerAddress(e.COMPANY_LEGAL_NAME, locale), taxId: e.COMPANY_TAX_ID },
    buyer: { name: order.name, company: order.billingCompany, address: order.billingAddress, vatId: order.billingVatId },
    line: {
      description: courseText(course, locale).title,
      quantity: order.quantity,
      listUnitCents: course.priceCents,
      discountPercent: course.discountPercent,
      promo: course.promo,
      unitCents: order.unitAmountCents,
    },
    ...taxesOf(
      order.amountCents,
      e.INVOICE_TAXES.map((tax) => ({ ...tax, label: taxLabel(tax, locale) })),
    ),
    totalCents: order.amountCents,
    payment: { method: order.method, reference: order.reference, paidOn: paidAt.toISOString().slice(0, 10) },
  };
  return insertInvoice(tx, { id: randomUUID(), number, orderId: order.id, issuedAt, data });
}
