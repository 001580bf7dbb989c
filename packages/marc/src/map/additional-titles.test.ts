import { describe, expect, it } from 'vitest';
import { sampleRecord } from '../testing/sample-files.ts';
import { buildRecord } from '../views/build-record.ts';
import { additionalTitles } from './additional-titles.ts';
import { imageLinks } from './image-links.ts';

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
});
