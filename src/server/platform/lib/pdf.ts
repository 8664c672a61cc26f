/**
 * The bytes a pdfkit document writes, gathered into one buffer: call it before drawing, then draw and end the
 * document; it resolves once the document is ended, and rejects when pdfkit reports an error while writing it.
 */
export function pdfBytes(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}
