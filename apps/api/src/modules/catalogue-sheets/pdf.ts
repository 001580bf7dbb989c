import { startDocument, type Run } from '../basket/pdf.ts';
import type { CatalogueCard } from './card.ts';

/** Points in a centimetre (PDF units are 1/72 inch). */
const CM = 72 / 2.54;
const A4 = { width: 595.28, height: 841.89 };
/** The card: 12.5 × 7.5 cm (ABNT NBR 14724's usual catalogue card), centred, 2 cm above the page's foot. */
const CARD = { width: 12.5 * CM, height: 7.5 * CM, bottom: 2 * CM };
const PADDING = 0.3 * CM;
/** The Cutter's column at the card's left; the main entry starts after it, paragraphs further in. */
const CUTTER_COLUMN = 1.6 * CM;
const PARAGRAPH_INDENT = 0.5 * CM;
const CLASSIFICATION_BOX = { width: 3.4 * CM, height: 0.6 * CM };
const LARGEST_TYPE = 9;
const SMALLEST_TYPE = 5.5;

const plain = (text: string): Run[] => [{ text, bold: false, italic: false }];

/**
 * Draws a catalogue card (composeCard) on an A4 page, as the back of a title page: the heading line
 * above the card; the card's frame; the Cutter number in its column at the main entry's height and
 * the classification in a box at the card's bottom right, or empty boxes on a draft for the
 * librarian to fill; the main entry; the paragraphs with their first line indented. The type
 * shrinks until the text fits the card.
 */
export function catalogueCardPdf(card: CatalogueCard, title: string): Promise<Buffer> {
  const { doc, write, end } = startDocument(title);
  const left = (A4.width - CARD.width) / 2;
  const top = A4.height - CARD.bottom - CARD.height;
  const textLeft = left + PADDING + CUTTER_COLUMN;
  const textWidth = CARD.width - 2 * PADDING - CUTTER_COLUMN;
  const textBottom = top + CARD.height - PADDING - CLASSIFICATION_BOX.height - 0.1 * CM;

  // The heading, centred above the card.
  doc.fontSize(8);
  doc.x = left;
  doc.y = top - (card.heading.length + 0.6) * 11;
  for (const line of card.heading) write(plain(line), { width: CARD.width, align: 'center' });

  doc.lineWidth(0.6).rect(left, top, CARD.width, CARD.height).stroke();

  // The largest type in which the main entry and every paragraph fit above the classification box.
  write(plain(' '), { width: textWidth }); // registers the text font so heightOfString measures with it
  const lineGap = 1;
  const measure = (size: number) => {
    doc.fontSize(size);
    const entry = doc.heightOfString(card.mainEntry, { width: textWidth, lineGap });
    const paragraphs = card.paragraphs.reduce(
      (sum, paragraph) =>
        sum +
        doc.heightOfString(paragraph, { width: textWidth, indent: PARAGRAPH_INDENT, lineGap }) +
        size * 0.4,
      0,
    );
    return entry + paragraphs;
  };
  let size = LARGEST_TYPE;
  while (size > SMALLEST_TYPE && top + PADDING + measure(size) > textBottom) size -= 0.25;

  // Cutter: the librarian's number, or an empty box, beside the main entry.
  const entryTop = top + PADDING;
  doc.fontSize(size);
  if (card.cutter) {
    doc.x = left + PADDING;
    doc.y = entryTop;
    write(plain(card.cutter), { width: CUTTER_COLUMN - 0.15 * CM, lineBreak: false });
  } else {
    doc
      .lineWidth(0.4)
      .rect(left + PADDING, entryTop - 1, CUTTER_COLUMN - 0.3 * CM, size + 3)
      .stroke();
  }

  doc.x = textLeft;
  doc.y = entryTop;
  write(plain(card.mainEntry), { width: textWidth, lineGap });
  for (const paragraph of card.paragraphs) {
    doc.y += size * 0.4;
    doc.x = textLeft;
    write(plain(paragraph), { width: textWidth, indent: PARAGRAPH_INDENT, lineGap });
  }

  // Classification (CDU/CDD) at the bottom right: the librarian's, or an empty labelled box.
  const boxLeft = left + CARD.width - PADDING - CLASSIFICATION_BOX.width;
  const boxTop = top + CARD.height - PADDING - CLASSIFICATION_BOX.height;
  doc.fontSize(size);
  if (card.classification) {
    doc.x = boxLeft;
    doc.y = boxTop + (CLASSIFICATION_BOX.height - size) / 2;
    write(plain(card.classification), { width: CLASSIFICATION_BOX.width, align: 'right', lineBreak: false });
  } else {
    doc.lineWidth(0.4).rect(boxLeft, boxTop, CLASSIFICATION_BOX.width, CLASSIFICATION_BOX.height).stroke();
    doc.fontSize(6);
    doc.x = boxLeft - 1.6 * CM;
    doc.y = boxTop + (CLASSIFICATION_BOX.height - 6) / 2;
    write(plain('CDU/CDD'), { width: 1.5 * CM, align: 'right', lineBreak: false });
  }
  return end();
}
