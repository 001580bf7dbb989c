import { ACTIVITY } from '@estante/contract';
import type { Queryable } from '../../lib/db/index.ts';
import { replaceOpeningHours } from './repository.ts';

type Texts = { pt: string; en: string; es: string };

/** Home-page sections and general information of the demo university (HTML, as a library would write it). */
const DEMO_PAGES: { key: string; title: Texts; body: Texts }[] = [
  {
    key: 'secao_1',
    title: {
      pt: 'Bem-vindo às Bibliotecas da Universidade Estante',
      en: 'Welcome to the Universidade Estante Libraries',
      es: 'Bienvenido a las Bibliotecas de la Universidade Estante',
    },
    body: {
      pt: '<p>Nossas três bibliotecas atendem estudantes, professores, servidores e a comunidade. Pesquise o acervo acima, reserve títulos emprestados e renove seus empréstimos pela <strong>área pessoal</strong>.</p><p>Precisa de ajuda com uma pesquisa? Fale com a equipe de referência na Biblioteca Central ou pelo e-mail <a href="mailto:referencia@demo.estante.example">referencia@demo.estante.example</a>.</p>',
      en: '<p>Our three libraries serve students, teachers, staff and the community. Search the collection above, place holds on titles on loan and renew your loans in the <strong>personal area</strong>.</p><p>Need help with your research? Ask the reference team at the Central Library or write to <a href="mailto:referencia@demo.estante.example">referencia@demo.estante.example</a>.</p>',
      es: '<p>Nuestras tres bibliotecas atienden a estudiantes, profesores, funcionarios y a la comunidad. Busque en el acervo arriba, reserve títulos prestados y renueve sus préstamos en el <strong>área personal</strong>.</p><p>¿Necesita ayuda con una búsqueda? Hable con el equipo de referencia en la Biblioteca Central o escriba a <a href="mailto:referencia@demo.estante.example">referencia@demo.estante.example</a>.</p>',
    },
  },
  {
    key: 'secao_2',
    title: { pt: 'Serviços', en: 'Services', es: 'Servicios' },
    body: {
      pt: '<ul><li>Empréstimo domiciliar e entre bibliotecas</li><li>Salas de estudo em grupo, com reserva no balcão</li><li>Normalização de trabalhos acadêmicos (ABNT) e ficha catalográfica</li><li>Treinamentos em bases de dados no início de cada semestre</li></ul>',
      en: '<ul><li>Home and inter-library loans</li><li>Group study rooms, booked at the desk</li><li>Help formatting academic work (ABNT) and cataloguing-in-publication records</li><li>Database training at the start of each term</li></ul>',
      es: '<ul><li>Préstamo a domicilio e interbibliotecario</li><li>Salas de estudio en grupo, con reserva en el mostrador</li><li>Normalización de trabajos académicos (ABNT) y ficha catalográfica</li><li>Capacitación en bases de datos al inicio de cada semestre</li></ul>',
    },
  },
  {
    key: 'informacoes_gerais',
    title: { pt: 'Informações gerais', en: 'General information', es: 'Información general' },
    body: {
      pt: '<h2>Cadastro</h2><p>Estudantes e servidores já estão cadastrados: use o número de matrícula e a senha do portal acadêmico. Membros da comunidade fazem o cadastro no balcão com documento com foto e comprovante de residência.</p><h2>Empréstimos</h2><p>Graduação: até 5 títulos por 7 dias. Pós-graduação e professores: até 10 títulos por 15 dias. Cada empréstimo pode ser renovado duas vezes, se não houver reserva.</p><h2>Multas</h2><p>Atrasos geram multa de R$ 1,00 por dia e por título, e suspendem novos empréstimos até a devolução.</p>',
      en: '<h2>Registration</h2><p>Students and staff are already registered: use your student number and the academic portal password. Community members register at the desk with a photo ID and proof of address.</p><h2>Loans</h2><p>Undergraduates: up to 5 titles for 7 days. Graduate students and teachers: up to 10 titles for 15 days. Each loan can be renewed twice when nobody holds the title.</p><h2>Fines</h2><p>Late returns cost R$ 1.00 per day and title, and block new loans until the item is back.</p>',
      es: '<h2>Registro</h2><p>Estudiantes y funcionarios ya están registrados: use su número de matrícula y la contraseña del portal académico. Los miembros de la comunidad se registran en el mostrador con documento con foto y comprobante de domicilio.</p><h2>Préstamos</h2><p>Grado: hasta 5 títulos por 7 días. Posgrado y profesores: hasta 10 títulos por 15 días. Cada préstamo puede renovarse dos veces si no hay reservas.</p><h2>Multas</h2><p>Los atrasos generan una multa de R$ 1,00 por día y por título, y suspenden nuevos préstamos hasta la devolución.</p>',
    },
  },
];

const DEMO_FAQ: { question: Texts; answer: Texts }[] = [
  {
    question: {
      pt: 'Como renovo um empréstimo?',
      en: 'How do I renew a loan?',
      es: '¿Cómo renuevo un préstamo?',
    },
    answer: {
      pt: '<p>Entre na <strong>área pessoal</strong>, abra <em>Renovação</em>, marque os títulos e confirme. A renovação não é possível quando o título tem reserva ou quando há débitos em aberto.</p>',
      en: '<p>Sign in to the <strong>personal area</strong>, open <em>Renewal</em>, tick the titles and confirm. Titles someone has placed a hold on, or loans while you owe a fine, cannot be renewed.</p>',
      es: '<p>Entre en el <strong>área personal</strong>, abra <em>Renovación</em>, marque los títulos y confirme. No es posible renovar títulos con reserva ni mientras haya deudas pendientes.</p>',
    },
  },
  {
    question: {
      pt: 'Esqueci minha senha. O que faço?',
      en: 'I forgot my password. What should I do?',
      es: 'Olvidé mi contraseña. ¿Qué hago?',
    },
    answer: {
      pt: '<p>Na tela de entrada, use <em>Esqueci minha senha</em>. Enviaremos um código ao e-mail cadastrado.</p>',
      en: '<p>On the sign-in screen, choose <em>Forgot my password</em>. We will send a code to your registered e-mail.</p>',
      es: '<p>En la pantalla de acceso, use <em>Olvidé mi contraseña</em>. Enviaremos un código al correo registrado.</p>',
    },
  },
  {
    question: {
      pt: 'Posso devolver um livro em outra biblioteca?',
      en: 'Can I return a book at another library?',
      es: '¿Puedo devolver un libro en otra biblioteca?',
    },
    answer: {
      pt: '<p>Sim. Qualquer biblioteca da Universidade recebe devoluções; o título volta à biblioteca de origem em até dois dias úteis.</p>',
      en: '<p>Yes. Any of the University libraries takes returns; the title goes back to its own library within two working days.</p>',
      es: '<p>Sí. Cualquier biblioteca de la Universidad recibe devoluciones; el título vuelve a su biblioteca de origen en hasta dos días hábiles.</p>',
    },
  },
  {
    question: {
      pt: 'Como sugiro a compra de um livro?',
      en: 'How do I suggest a book for purchase?',
      es: '¿Cómo sugiero la compra de un libro?',
    },
    answer: {
      pt: '<p>Use o link <em>Sugerir aquisição</em> no rodapé de qualquer página, depois de entrar com sua conta. Informe ao menos o título e a editora.</p>',
      en: '<p>Use the <em>Suggest a purchase</em> link at the bottom of any page once signed in. Give at least the title and the publisher.</p>',
      es: '<p>Use el enlace <em>Sugerir adquisición</em> al pie de cualquier página, después de iniciar sesión. Indique al menos el título y la editorial.</p>',
    },
  },
  {
    question: {
      pt: 'A biblioteca tem recursos de acessibilidade?',
      en: 'Does the library offer accessibility aids?',
      es: '¿La biblioteca ofrece recursos de accesibilidad?',
    },
    answer: {
      pt: '<p>Sim: a Biblioteca Central tem computadores com leitor de tela, lupa eletrônica e impressora braille. Neste catálogo, use a barra de acessibilidade no topo da página.</p>',
      en: '<p>Yes: the Central Library has computers with screen readers, an electronic magnifier and a braille printer. In this catalogue, use the accessibility bar at the top of the page.</p>',
      es: '<p>Sí: la Biblioteca Central tiene computadoras con lector de pantalla, lupa electrónica e impresora braille. En este catálogo, use la barra de accesibilidad en la parte superior de la página.</p>',
    },
  },
];

type Week = Record<number, [string, string][]>;
const WEEKDAY_HOURS: [string, string][] = [['07:30', '22:00']];
/** Opening hours by library code: weekday (1 Monday … 7 Sunday) → intervals; absent days are closed. */
const DEMO_HOURS: Record<string, Week> = {
  BC: {
    1: WEEKDAY_HOURS,
    2: WEEKDAY_HOURS,
    3: WEEKDAY_HOURS,
    4: WEEKDAY_HOURS,
    5: WEEKDAY_HOURS,
    6: [
      ['08:00', '12:00'],
      ['13:00', '17:00'],
    ],
  },
  BS: {
    1: [['08:00', '20:00']],
    2: [['08:00', '20:00']],
    3: [['08:00', '20:00']],
    4: [['08:00', '20:00']],
    5: [['08:00', '18:00']],
  },
  BT: {
    1: [
      ['08:00', '12:00'],
      ['13:00', '21:00'],
    ],
    2: [
      ['08:00', '12:00'],
      ['13:00', '21:00'],
    ],
    3: [
      ['08:00', '12:00'],
      ['13:00', '21:00'],
    ],
    4: [
      ['08:00', '12:00'],
      ['13:00', '21:00'],
    ],
    5: [['08:00', '17:00']],
    6: [['08:00', '12:00']],
  },
};

/** Events relative to the day of seeding, so the demo always shows some ahead (Brasília time, UTC−3). */
const DEMO_EVENTS: {
  kind: 'institucional' | 'eventum';
  inDays: number;
  start: string;
  end?: string;
  title: Texts;
  description: Texts;
  location: string;
  link?: string;
}[] = [
  {
    kind: 'institucional',
    inDays: 3,
    start: '14:00',
    end: '16:00',
    title: {
      pt: 'Oficina: como usar o Portal de Periódicos',
      en: 'Workshop: using the journals portal',
      es: 'Taller: cómo usar el Portal de Periódicos',
    },
    description: {
      pt: 'Busca avançada, alertas e acesso remoto às bases assinadas. Inscrições no balcão de referência.',
      en: 'Advanced search, alerts and remote access to the subscribed databases. Sign up at the reference desk.',
      es: 'Búsqueda avanzada, alertas y acceso remoto a las bases suscritas. Inscripciones en el mostrador de referencia.',
    },
    location: 'Biblioteca Central — Laboratório 2',
  },
  {
    kind: 'institucional',
    inDays: 10,
    start: '09:00',
    end: '17:00',
    title: {
      pt: 'Feira de troca de livros',
      en: 'Book swap fair',
      es: 'Feria de intercambio de libros',
    },
    description: {
      pt: 'Traga um livro e leve outro. Os títulos que sobrarem serão doados a bibliotecas comunitárias.',
      en: 'Bring a book, take a book. Books left over are given to community libraries.',
      es: 'Traiga un libro y llévese otro. Los títulos que sobren se donarán a bibliotecas comunitarias.',
    },
    location: 'Campus Centro — Pátio central',
  },
  {
    kind: 'institucional',
    inDays: 24,
    start: '19:00',
    title: {
      pt: 'Lançamento: Memórias da Universidade, 50 anos',
      en: 'Book launch: Memories of the University, 50 years',
      es: 'Presentación: Memorias de la Universidad, 50 años',
    },
    description: {
      pt: 'Lançamento do livro comemorativo, com sessão de autógrafos dos organizadores.',
      en: 'Launch of the anniversary book, with the editors signing copies.',
      es: 'Presentación del libro conmemorativo, con sesión de autógrafos de los organizadores.',
    },
    location: 'Biblioteca do Campus Tecnológico — Auditório',
  },
  {
    kind: 'eventum',
    inDays: 1,
    start: '10:00',
    end: '11:30',
    title: {
      pt: 'Treinamento: gerenciadores de referências',
      en: 'Training: reference managers',
      es: 'Capacitación: gestores de referencias',
    },
    description: {
      pt: 'Zotero e Mendeley para organizar a bibliografia do TCC.',
      en: 'Zotero and Mendeley to organise the bibliography of your thesis.',
      es: 'Zotero y Mendeley para organizar la bibliografía del trabajo final.',
    },
    location: 'Biblioteca Central — Sala de treinamento',
    link: 'https://eventos.demo.estante.example/zotero',
  },
  {
    kind: 'eventum',
    inDays: 8,
    start: '15:00',
    end: '17:00',
    title: {
      pt: 'Roda de leitura: Machado de Assis',
      en: 'Reading circle: Machado de Assis',
      es: 'Círculo de lectura: Machado de Assis',
    },
    description: {
      pt: 'Leitura comentada de “Dom Casmurro”. Aberta à comunidade.',
      en: 'A guided reading of “Dom Casmurro”. Open to everyone.',
      es: 'Lectura comentada de “Dom Casmurro”. Abierta a la comunidad.',
    },
    location: 'Biblioteca Central — Espaço de leitura',
  },
  {
    kind: 'eventum',
    inDays: 17,
    start: '08:30',
    end: '12:00',
    title: {
      pt: 'Normalização ABNT para trabalhos acadêmicos',
      en: 'ABNT formatting for academic work',
      es: 'Normalización ABNT para trabajos académicos',
    },
    description: {
      pt: 'Citações, referências e formatação conforme as normas da ABNT.',
      en: 'Citations, references and layout under the ABNT standards.',
      es: 'Citas, referencias y formato según las normas de la ABNT.',
    },
    location: 'Biblioteca de Ciências da Saúde — Sala 3',
  },
  {
    kind: 'eventum',
    inDays: 40,
    start: '14:00',
    end: '18:00',
    title: {
      pt: 'Semana do livro: exposição de obras raras',
      en: 'Book week: rare books exhibition',
      es: 'Semana del libro: exposición de obras raras',
    },
    description: {
      pt: 'Primeiras edições e manuscritos do acervo especial.',
      en: 'First editions and manuscripts from the special collection.',
      es: 'Primeras ediciones y manuscritos del acervo especial.',
    },
    location: 'Biblioteca Central — Hall de entrada',
  },
];

/**
 * Footer links of the demo (decision 0016): the university's site (activity 57) and the catalogue of
 * its library network (activity 87). Reserved `.example` addresses: nothing real is opened. No text is
 * set, so each shows the interface's own words in every language.
 */
const DEMO_FOOTER_LINKS: { activity: number; setting: string; address: string }[] = [
  { activity: ACTIVITY.EXTERNAL_LINK, setting: 'link_externo', address: 'https://www.demo.estante.example/' },
  {
    activity: ACTIVITY.NETWORK_CATALOGUE,
    setting: 'link_catalogo_rede',
    address: 'https://rede.demo.estante.example/catalogo',
  },
];

/** A moment `inDays` after `today` (UTC midnight) at a Brasília clock time. */
function brasiliaTime(today: Date, inDays: number, time: string): Date {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  // Brasília has been UTC−3 all year since 2019 (no daylight saving).
  return new Date(today.getTime() + inDays * 86_400_000 + ((hours + 3) * 60 + minutes) * 60_000);
}

/**
 * Loads the demo institution pages, FAQ, opening hours, events and footer links, leaving alone whatever is already
 * there (so a re-seed does not duplicate them or undo staff edits).
 */
export async function seedInstitutionContent(
  tx: Queryable,
  libraries: ReadonlyMap<string, number>,
  now: Date = new Date(),
): Promise<void> {
  for (const page of DEMO_PAGES) {
    await tx.query(
      `INSERT INTO institution_page (key, title_pt, title_en, title_es, body_pt, body_en, body_es)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (key) DO NOTHING`,
      [page.key, page.title.pt, page.title.en, page.title.es, page.body.pt, page.body.en, page.body.es],
    );
  }
  const count = async (table: string) =>
    (await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]?.n ?? 0;
  if ((await count('faq_entry')) === 0) {
    for (const [i, entry] of DEMO_FAQ.entries()) {
      await tx.query(
        `INSERT INTO faq_entry (position, question_pt, question_en, question_es, answer_pt, answer_en, answer_es)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [
          i + 1,
          entry.question.pt,
          entry.question.en,
          entry.question.es,
          entry.answer.pt,
          entry.answer.en,
          entry.answer.es,
        ],
      );
    }
  }
  if ((await count('opening_hours')) === 0) {
    for (const [code, week] of Object.entries(DEMO_HOURS)) {
      const libraryId = libraries.get(code);
      if (libraryId === undefined) continue;
      for (const [day, intervals] of Object.entries(week)) {
        await replaceOpeningHours(
          tx,
          libraryId,
          Number(day),
          intervals.map(([opens, closes]) => ({ opens, closes })),
        );
      }
    }
  }
  for (const link of DEMO_FOOTER_LINKS) {
    const inserted = await tx.query(
      `INSERT INTO institution_setting (key, value) VALUES ($1, $2::jsonb) ON CONFLICT (key) DO NOTHING RETURNING key`,
      [link.setting, JSON.stringify(link.address)],
    );
    // The activity goes on with the address the first time only: a re-seed keeps staff's choice.
    if (inserted.rows.length > 0) {
      await tx.query('UPDATE activity SET enabled = true WHERE code = $1', [link.activity]);
    }
  }
  if ((await count('institution_event')) === 0) {
    const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
    for (const event of DEMO_EVENTS) {
      await tx.query(
        `INSERT INTO institution_event
           (kind, title_pt, title_en, title_es, description_pt, description_en, description_es, starts_at, ends_at, location, link)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
        [
          event.kind,
          event.title.pt,
          event.title.en,
          event.title.es,
          event.description.pt,
          event.description.en,
          event.description.es,
          brasiliaTime(today, event.inDays, event.start),
          event.end ? brasiliaTime(today, event.inDays, event.end) : null,
          event.location,
          event.link ?? null,
        ],
      );
    }
  }
}
