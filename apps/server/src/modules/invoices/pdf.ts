import type { Invoice } from '@isaac/contract';
import PDFDocument from 'pdfkit';

/** '1,23,456.78' (Indian digit grouping): PDF's standard fonts have no rupee sign, so amounts read 'Rs. …'. */
export function pdfAmount(paise: number): string {
  return `Rs. ${new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(paise / 100)}`;
}

/** '4 Mar 2031' in the business time zone. */
function pdfDate(iso: string): string {
  return new Intl.DateTimeFormat('en-IN', {
    timeZone: 'Asia/Kolkata',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  }).format(new Date(iso));
}

/**
 * The tax invoice as an A4 PDF (pdfkit, its built-in Helvetica): what the invoice page shows — seller, buyer,
 * place of supply, a line per item with its HSN/SAC code, CGST + SGST or IGST, totals. Resolves to the file.
 */
export function renderInvoicePdf(invoice: Invoice): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 40,
    info: { Title: `Tax invoice ${invoice.number}`, Author: invoice.seller.legal_name },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const intra = invoice.tax_kind === 'intra';
  const half = invoice.rate_percent / 2;

  doc.font('Helvetica-Bold').fontSize(16).text('TAX INVOICE', left, 40, { width, align: 'right' });
  doc.fontSize(12).text(invoice.seller.legal_name, left, 40, { width: width * 0.6 });
  doc.font('Helvetica').fontSize(9);
  doc.text(invoice.seller.address, { width: width * 0.6 });
  doc.text(`GSTIN: ${invoice.seller.gstin}`);
  doc.text(`State: ${invoice.seller.state}, Code: ${invoice.seller.state_code}`);

  const meta: [string, string][] = [
    ['Invoice no.', invoice.number],
    ['Invoice date', pdfDate(invoice.date)],
    ['Order', invoice.order_id],
    ['Payment', invoice.payment_id ?? '-'],
  ];
  meta.forEach(([label, value], index) => {
    doc.text(`${label}: ${value}`, left, 62 + index * 12, { width, align: 'right' });
  });

  doc.moveDown(2);
  const buyerTop = Math.max(doc.y, 120);
  doc.font('Helvetica-Bold').text('Bill to', left, buyerTop);
  doc.font('Helvetica').text(invoice.buyer.name);
  doc.text(invoice.buyer.email);
  if (invoice.buyer.phone) doc.text(invoice.buyer.phone);
  if (invoice.buyer.address) {
    const a = invoice.buyer.address;
    doc.text(`${a.address}, ${a.city} ${a.pincode}`);
  }
  doc.text(`Place of supply: ${invoice.place_of_supply.state} (${invoice.place_of_supply.state_code})`);

  const columns = intra
    ? ['#', 'Description', 'HSN/SAC', 'Qty', 'Taxable value', `CGST ${half}%`, `SGST ${half}%`, 'Amount']
    : ['#', 'Description', 'HSN/SAC', 'Qty', 'Taxable value', `IGST ${invoice.rate_percent}%`, 'Amount'];
  const widths = intra ? [18, 170, 50, 28, 75, 60, 60, 54] : [18, 200, 50, 28, 80, 80, 59];
  const rightAligned = (index: number) => index >= 3;
  const row = (cells: string[], bold = false) => {
    const top = doc.y + 4;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
    let x = left;
    let bottom = top;
    cells.forEach((cell, index) => {
      const w = widths[index] ?? 50;
      doc.text(cell, x + 2, top, { width: w - 4, align: rightAligned(index) ? 'right' : 'left' });
      bottom = Math.max(bottom, doc.y);
      x += w;
    });
    doc
      .moveTo(left, bottom + 2)
      .lineTo(left + width, bottom + 2)
      .lineWidth(0.5)
      .stroke();
    doc.y = bottom + 2;
  };
  doc.moveDown(1);
  row(columns, true);
  invoice.lines.forEach((line, index) => {
    row(
      intra
        ? [
            String(index + 1),
            line.description,
            line.hsn,
            String(line.quantity),
            pdfAmount(line.taxable),
            pdfAmount(line.cgst),
            pdfAmount(line.sgst),
            pdfAmount(line.total),
          ]
        : [
            String(index + 1),
            line.description,
            line.hsn,
            String(line.quantity),
            pdfAmount(line.taxable),
            pdfAmount(line.igst),
            pdfAmount(line.total),
          ],
    );
  });

  doc.moveDown(1);
  const totals: [string, number][] = intra
    ? [
        ['Taxable value', invoice.totals.taxable],
        [`CGST ${half}%`, invoice.totals.cgst],
        [`SGST ${half}%`, invoice.totals.sgst],
        ['Total', invoice.totals.total],
      ]
    : [
        ['Taxable value', invoice.totals.taxable],
        [`IGST ${invoice.rate_percent}%`, invoice.totals.igst],
        ['Total', invoice.totals.total],
      ];
  for (const [label, paise] of totals) {
    doc.font(label === 'Total' ? 'Helvetica-Bold' : 'Helvetica');
    doc.text(`${label}: ${pdfAmount(paise)}`, left, doc.y, { width, align: 'right' });
  }
  doc.font('Helvetica').moveDown(1);
  if (invoice.refunded_at) doc.text(`This order was refunded on ${pdfDate(invoice.refunded_at)}.`, left);
  doc.text(
    `Prices include GST. ${
      intra
        ? `Supply within ${invoice.seller.state}: CGST and SGST at ${half}% each.`
        : `Supply to ${invoice.place_of_supply.state}: IGST at ${invoice.rate_percent}%.`
    } This is a computer-generated invoice and needs no signature.`,
    left,
    doc.y,
    { width },
  );
  doc.end();
  return done;
}
