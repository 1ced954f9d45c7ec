/** What an invoice says, as issued: everything its PDF shows, so it can be made again unchanged. */
export interface InvoiceData {
  number: string;
  /** ISO day of issue. */
  issuedOn: string;
  locale: string;
  currency: string;
  seller: { name: string; address: string; taxId: string };
  buyer: { name: string; company: string | null; address: string | null; vatId: string | null };
  line: {
    description: string;
    quantity: number;
    /** Per seat before the course's discount, in cents. */
    listUnitCents: number;
    discountPercent: number;
    /** The course's promotion line, when it has one. */
    promo: string | null;
    /** Per seat after the discount, in cents. */
    unitCents: number;
  };
  /** The price before the taxes it includes, the taxes, and the total paid; in cents. */
  netCents: number;
  taxes: { label: string; rate: number; cents: number }[];
  totalCents: number;
  payment: { method: string; reference: string; paidOn: string };
}
