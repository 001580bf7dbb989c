import PDFDocument from 'pdfkit';

/** One run of text in a reference: bold (the ABNT title) or italic, as citeproc marked it. */
interface Run {
  text: string;
  bold: boolean;
  italic: boolean;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x?[0-9a-f]+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X'))
      return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** The runs of a citeproc HTML reference: <b>/<strong> and <i>/<em> kept, every other tag dropped. */
export function referenceRuns(html: string): Run[] {
  const runs: Run[] = [];
  let bold = 0;
  let italic = 0;
  for (const part of html.split(/(<[^>]+>)/)) {
    const tag = /^<(\/?)(b|strong|i|em)\b[^>]*>$/i.exec(part);
    if (tag) {
      const step = tag[1] ? -1 : 1;
      if (/^(b|strong)$/i.test(tag[2]!)) bold = Math.max(0, bold + step);
      else italic = Math.max(0, italic + step);
    } else if (!part.startsWith('<') && part) {
      runs.push({ text: decodeEntities(part), bold: bold > 0, italic: italic > 0 });
    }
  }
  return runs;
}

function fontOf(run: Run): string {
  if (run.bold && run.italic) return 'Helvetica-BoldOblique';
  if (run.bold) return 'Helvetica-Bold';
  if (run.italic) return 'Helvetica-Oblique';
  return 'Helvetica';
}

/**
 * The ABNT references as an A4 PDF with pdfkit: a heading, then one paragraph per reference, left
 * aligned and single-spaced with a blank line between (NBR 6023:2018 9.1), the title in bold.
 */
export function referencesPdf(options: { heading: string; references: readonly string[] }): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: 85, left: 85, bottom: 57, right: 57 },
    info: { Title: options.heading, Producer: 'Estante' },
    lang: 'pt-BR',
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font('Helvetica-Bold').fontSize(14).text(options.heading, { align: 'left' });
  doc.moveDown();
  doc.fontSize(12);
  for (const html of options.references) {
    const runs = referenceRuns(html);
    runs.forEach((run, index) => {
      doc.font(fontOf(run)).text(run.text, { continued: index < runs.length - 1, align: 'left' });
    });
    doc.moveDown();
  }
  doc.end();
  return done;
}
