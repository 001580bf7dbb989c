import PDFDocument from 'pdfkit';

/** Renders a one-page A4 PDF with pdfkit; `draw` writes on it. */
function render(
  info: { title: string; date: Date },
  draw: (doc: PDFKit.PDFDocument) => void,
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: 85, left: 85, bottom: 57, right: 57 },
    // Fixed dates: the same declaration renders to the same bytes (its hash identifies it).
    info: { Title: info.title, Producer: 'Estante', CreationDate: info.date, ModDate: info.date },
    lang: 'pt-BR',
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  draw(doc);
  doc.end();
  return done;
}

const brDate = (day: string) => day.split('-').reverse().join('/');

/**
 * The no-debts declaration (SPEC §4): the institution declares that the patron has no loans and
 * owes nothing, with the date and a code anyone can quote to the library to check it. In
 * Portuguese, the institution's language.
 */
export function noDebtsDeclarationPdf(data: {
  institution: string;
  patronName: string;
  login: string;
  category: string;
  day: string;
  issuedAt: Date;
  code: string;
}): Promise<Buffer> {
  return render({ title: 'Declaração de nada consta', date: data.issuedAt }, (doc) => {
    doc.font('Helvetica-Bold').fontSize(13).text(data.institution, { align: 'center' });
    doc.moveDown(2);
    doc.fontSize(16).text('DECLARAÇÃO DE NADA CONSTA', { align: 'center' });
    doc.moveDown(2);
    doc
      .font('Helvetica')
      .fontSize(12)
      .text(
        `Declaramos, para os devidos fins, que ${data.patronName} (usuário ${data.login}, categoria ${data.category}) ` +
          'não possui empréstimos em aberto nem débitos pendentes com as bibliotecas desta instituição na data de ' +
          `emissão desta declaração, ${brDate(data.day)}.`,
        { align: 'justify', lineGap: 4 },
      );
    doc.moveDown();
    doc.text(
      'Com a emissão desta declaração, o vínculo do usuário com as bibliotecas foi encerrado: novos empréstimos, ' +
        'reservas e solicitações dependem de novo cadastro.',
      { align: 'justify', lineGap: 4 },
    );
    doc.moveDown(2);
    doc.text(`Emitida em ${brDate(data.day)} às ${data.issuedAt.toISOString().slice(11, 16)} (UTC).`);
    doc.moveDown();
    doc.font('Helvetica-Bold').text(`Código de verificação: ${data.code}`);
    doc.font('Helvetica').fontSize(10).moveDown();
    doc.text('A autenticidade desta declaração pode ser confirmada na biblioteca com o código acima.');
  });
}

/** The typed line of a payment slip: number, amount and due day in digit groups, each group with its mod-10 digit. */
export function typedLine(number: string, amountCents: number, dueOn: string): string {
  const digits = `${number.replace(/\D/g, '').padStart(12, '0')}${String(amountCents).padStart(10, '0')}${dueOn.replace(/-/g, '')}`;
  const groups = digits.match(/.{1,10}/g) ?? [];
  return groups.map((group) => `${group}${mod10(group)}`).join(' ');
}

/** The mod-10 check digit of Brazilian bank slips (weights 2, 1 from the right). */
export function mod10(digits: string): number {
  let sum = 0;
  [...digits].reverse().forEach((char, index) => {
    const product = Number(char) * (index % 2 === 0 ? 2 : 1);
    sum += Math.floor(product / 10) + (product % 10);
  });
  return (10 - (sum % 10)) % 10;
}

/** The payment slip (SPEC §7 gru): what to pay, where, by when, and the typed line. */
export function paymentSlipPdf(data: {
  institution: string;
  library: string;
  patronName: string;
  login: string;
  number: string;
  amount: string;
  dueOn: string;
  line: string;
  issuedAt: Date;
}): Promise<Buffer> {
  return render({ title: `Guia de recolhimento ${data.number}`, date: data.issuedAt }, (doc) => {
    doc.font('Helvetica-Bold').fontSize(13).text(data.institution);
    doc.font('Helvetica').fontSize(11).text(data.library);
    doc.moveDown();
    doc.font('Helvetica-Bold').fontSize(15).text(`Guia de recolhimento nº ${data.number}`);
    doc.moveDown();
    doc.font('Helvetica').fontSize(12);
    doc.text(`Contribuinte: ${data.patronName} (${data.login})`);
    doc.text('Serviço: multas e taxas da biblioteca');
    doc.text(`Valor: ${data.amount}`);
    doc.text(`Vencimento: ${brDate(data.dueOn)}`);
    doc.moveDown();
    doc.font('Courier-Bold').fontSize(12).text(data.line);
    doc.font('Helvetica').fontSize(10).moveDown();
    doc.text(
      'Pague no banco ou no balcão da biblioteca; a baixa do débito é feita pela biblioteca ao receber o pagamento.',
    );
  });
}
