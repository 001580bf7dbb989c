import { describe, expect, it } from 'vitest';
import { sampleRecord } from '../testing/sample-files.ts';
import { buildRecord } from '../views/build-record.ts';
import { additionalTitles } from './additional-titles.ts';
import { imageLinks } from './image-links.ts';
import { dataField, type Pair } from '../testing/fields.ts';

/** A field given as its tag and its subfields. */
type Field = [string, Pair[]];

/** A record of the given data fields, with blank indicators. */
const fieldsRecord = (...fields: Field[]) => ({
  leader: '00000nam a2200000 a 4500',
  fields: fields.map(([tag, subfields]) => dataField(tag, '  ', ...subfields)),
});

describe('additional titles of a record (130/240, 242, 246, 740)', () => {
  it('gives a map its uniform title and the varying title with its display text', () => {
    expect(additionalTitles(sampleRecord('evergreen-rda-samples.mrc', '17631075'))).toEqual([
      { kind: 'uniform', title: 'Taos news', label: null, language: null },
      {
        kind: 'varying',
        title: 'Taos, New Mexico',
        label: 'Title within map border',
        language: null,
      },
    ]);
  });

  it('reads the uniform title of a score from 240 with its number and part', () => {
    expect(additionalTitles(sampleRecord('evergreen-rda-samples.mrc', '18057321'))).toEqual([
      { kind: 'uniform', title: 'Lieder, op. 49. Wiegenlied', label: null, language: null },
    ]);
  });

  it('lists the added titles (740) of a map set in record order', () => {
    const titles = additionalTitles(sampleRecord('evergreen-maps.mrc', '13683783'));
    expect(titles.map((t) => t.kind)).toEqual(['added', 'added', 'added', 'added']);
    expect(titles[0]?.title).toBe('Geologic map of the northern California continental margin');
    expect(titles[3]?.title).toBe(
      'Well location, geophysical trackline, and data source map of the northern California continental margin',
    );
  });

  it('gives a Russian title its translated English title (242) and keeps the varying form after it', () => {
    expect(additionalTitles(sampleRecord('koha-sample-bibs.xml', '445165'))).toEqual([
      {
        kind: 'translated',
        title: 'The state of food insecurity in the world 2010',
        label: null,
        language: null,
      },
      {
        kind: 'varying',
        title: 'Addressing food insecurity in protracted crises',
        label: null,
        language: null,
      },
    ]);
  });

  it('leaves out a varying title that only repeats the title proper, and repeats', () => {
    const record = buildRecord({
      title: 'Dom Casmurro',
      fields: [
        { tag: '246', ind1: '3', ind2: ' ', subfields: [{ code: 'a', value: 'Dom casmurro.' }] },
        { tag: '740', ind1: '0', ind2: '2', subfields: [{ code: 'a', value: 'Casmurro' }] },
        { tag: '740', ind1: '0', ind2: '2', subfields: [{ code: 'a', value: 'Casmurro.' }] },
      ],
    });
    expect(additionalTitles(record)).toEqual([
      { kind: 'added', title: 'Casmurro', label: null, language: null },
    ]);
  });

  it('gives nothing for a record with only a title proper', () => {
    expect(additionalTitles(sampleRecord('evergreen-rda-samples.mrc', '16557781'))).toEqual([]);
  });

  it.each([
    ['accents', 'Acao e reacao'],
    ['case', 'AÇÃO E REAÇÃO'],
    ['punctuation and spacing', 'Ação -- e   reação!'],
  ])('leaves out a title equal to the title proper but for its %s', (_, varying) => {
    const record = fieldsRecord(['245', [['a', 'Ação e reação']]], ['246', [['a', varying]]]);
    expect(additionalTitles(record)).toEqual([]);
  });

  it('keeps a title whose words differ from the title proper only where punctuation joined them', () => {
    const record = fieldsRecord(['245', [['a', 'Ação e reação']]], ['246', [['a', 'Açãoe reação']]]);
    expect(additionalTitles(record).map((t) => t.title)).toEqual(['Açãoe reação']);
  });

  it('leaves out a title of punctuation only, and lists every title of a record without a 245', () => {
    const record = fieldsRecord(
      ['246', [['a', ' ... ']]],
      ['246', [['a', 'Outro']]],
      ['740', [['a', 'Mais um']]],
    );
    expect(additionalTitles(record)).toEqual([
      { kind: 'varying', title: 'Outro', label: null, language: null },
      { kind: 'added', title: 'Mais um', label: null, language: null },
    ]);
  });

  it('reads the display text ($i) of a 246 only, and the language ($y) of a 242 only, trimmed', () => {
    const record = fieldsRecord(
      [
        '242',
        [
          ['a', 'Translated'],
          ['y', ' eng '],
          ['i', 'Also'],
        ],
      ],
      [
        '246',
        [
          ['i', 'Spine title:'],
          ['a', 'Varying'],
          ['y', 'por'],
        ],
      ],
      [
        '740',
        [
          ['i', 'Other'],
          ['a', 'Added'],
          ['y', 'spa'],
        ],
      ],
      [
        '242',
        [
          ['a', 'Sem língua'],
          ['y', '  '],
        ],
      ],
    );
    expect(additionalTitles(record)).toEqual([
      { kind: 'translated', title: 'Translated', label: null, language: 'eng' },
      { kind: 'translated', title: 'Sem língua', label: null, language: null },
      { kind: 'varying', title: 'Varying', label: 'Spine title', language: null },
      { kind: 'added', title: 'Added', label: null, language: null },
    ]);
  });
});

describe('image links of a record (856)', () => {
  it('finds the cover image a record names with $3 "Cover image"', () => {
    const psuCover = sampleRecord('psu-sample-catalog.mrc', '19142604');
    expect(imageLinks(psuCover)).toEqual([
      { url: '9780399552656.jpg', description: 'Cover image', isCover: true },
    ]);
  });

  it('does not take an online copy of the work for an image', () => {
    // 856 41 $u http://hdl.loc.gov/loc.wdl/wdl.3167: the digitised thangka's page, not an image file.
    expect(imageLinks(sampleRecord('evergreen-rda-samples.mrc', '17591667'))).toEqual([]);
  });

  it('puts the cover first, then pictures named by file type or by $q', () => {
    const record = buildRecord({
      title: 'Fotografias do acervo',
      onlineLinks: [
        { url: 'https://example.org/obra.pdf', description: 'Texto completo' },
        { url: 'https://example.org/foto-1.JPG?size=large', description: 'Fachada' },
      ],
      coverUrl: 'https://example.org/capa.png',
      fields: [
        {
          tag: '856',
          ind1: '4',
          ind2: '2',
          subfields: [
            { code: 'q', value: 'image/tiff' },
            { code: 'u', value: 'https://example.org/scan/7' },
          ],
        },
      ],
    });
    expect(imageLinks(record)).toEqual([
      { url: 'https://example.org/capa.png', description: 'Capa', isCover: true },
      { url: 'https://example.org/foto-1.JPG?size=large', description: 'Fachada', isCover: false },
      { url: 'https://example.org/scan/7', description: null, isCover: false },
    ]);
  });

  /** A record of 856 fields, each given by its subfields. */
  const with856 = (...fields: [string, string][][]) => fieldsRecord(...fields.map((f): Field => ['856', f]));
  /** The image links of one 856 whose $q is the given format. */
  const linksOfFormat = (format: string) =>
    imageLinks(
      with856([
        ['q', format],
        ['u', 'https://x.org/scan/1'],
      ]),
    );

  it.each([
    ['a JPEG', 'https://x.org/a.jpg'],
    ['a JPEG written jpeg', 'https://x.org/a.jpeg'],
    ['a PNG', 'https://x.org/a.png'],
    ['a GIF', 'https://x.org/a.gif'],
    ['a WebP', 'https://x.org/a.webp'],
    ['an AVIF', 'https://x.org/a.avif'],
    ['a BMP', 'https://x.org/a.bmp'],
    ['a TIFF', 'https://x.org/a.tiff'],
    ['a TIF', 'https://x.org/a.tif'],
    ['an image with a fragment', 'https://x.org/a.png#top'],
  ])('takes %s file for a picture', (_, url) => {
    expect(imageLinks(with856([['u', url]]))).toEqual([{ url, description: null, isCover: false }]);
  });

  it.each([
    ['a page whose name only starts like an image', 'https://x.org/a.png.html'],
    ['a PDF', 'https://x.org/a.pdf'],
    ['an image named in the query, not the path', 'https://x.org/view?file=a.jpg'],
    ['a JPEG-like name without the dot', 'https://x.org/ajpg'],
  ])('does not take %s for a picture', (_, url) => {
    expect(imageLinks(with856([['u', url]]))).toEqual([]);
  });

  it.each(['image/png', 'IMAGE/JPEG', 'jpeg', 'JPG', 'png', 'gif', 'webp', 'tif', 'tiff', ' png '])(
    'takes a link whose $q is %j for a picture',
    (format) => expect(linksOfFormat(format)).toHaveLength(1),
  );

  it.each([
    'text/html',
    'application/pdf',
    'jpeg2000',
    'pngx',
    'a gif',
    'gifs',
    'webpage',
    'tiffany',
    'jpgs',
  ])('does not take a link whose $q is %j for a picture', (format) =>
    expect(linksOfFormat(format)).toEqual([]),
  );

  it('joins $3, $y and $z without their final punctuation into the description, skipping empty ones', () => {
    expect(
      imageLinks(
        with856([
          ['3', 'Fachada,'],
          ['y', ' '],
          ['z', 'Foto de 1920.'],
          ['u', 'https://x.org/f.png'],
        ]),
      ),
    ).toEqual([{ url: 'https://x.org/f.png', description: 'Fachada; Foto de 1920', isCover: false }]);
  });

  it('takes any link of a field labelled as the cover, trims URLs and skips empty and repeated ones', () => {
    expect(
      imageLinks(
        with856(
          [
            ['3', 'Cover'],
            ['u', ' https://x.org/cover '],
            ['u', '  '],
          ],
          [['u', 'https://x.org/cover']],
          [
            ['3', 'Uncover the past'],
            ['u', 'https://x.org/about'],
          ],
        ),
      ),
    ).toEqual([{ url: 'https://x.org/cover', description: 'Cover', isCover: true }]);
  });

  it('reads a field without $3 as no cover', () => {
    expect(imageLinks(with856([['u', 'https://x.org/page']]))).toEqual([]);
  });
});
