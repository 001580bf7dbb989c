import { useState, type ComponentType } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type {
  ArchiveOptions as ArchiveData,
  JurisprudenceOptions as CaseLawData,
  NormativeActOptions as ActData,
} from '@estante/contract';
import { i18n } from '../../../../lib/i18n';
import { fetchWith, jsonResponse, renderWithProviders } from '../../../../testing/render';
import { ArchiveOptions, type TabOptionsProps } from './archive-options';
import { JurisprudenceOptions } from './jurisprudence-options';
import { NewAcquisitionsOptions } from './new-acquisitions-options';
import { NormativeActsOptions } from './normative-acts-options';

const ARCHIVE: ArchiveData = {
  fundos: [
    { valor: 'Arquivo da Reitoria', descricao: 'Arquivo da Reitoria', quantidade: 4 },
    { valor: 'Coleção fotográfica', descricao: 'Coleção fotográfica', quantidade: 1 },
  ],
  series: [
    { valor: 'Atas do Conselho', descricao: 'Atas do Conselho', quantidade: 2, fundo: 'Arquivo da Reitoria' },
    { valor: 'Eventos', descricao: 'Eventos', quantidade: 1, fundo: 'Coleção fotográfica' },
  ],
  anoInicial: 1962,
  anoFinal: 2005,
};
const ACTS: ActData = {
  tipos: [
    { valor: 'LEI', descricao: 'search.normativeActs.kind.LEI', quantidade: 6 },
    { valor: 'DECRETO', descricao: 'search.normativeActs.kind.DECRETO', quantidade: 2 },
  ],
  orgaos: [{ valor: 'Brasil', descricao: 'Brasil', quantidade: 9 }],
  anos: [{ valor: '2018', descricao: '2018', quantidade: 2 }],
};
const CASE_LAW: CaseLawData = {
  tribunais: [{ valor: 'Supremo Tribunal Federal', descricao: 'Supremo Tribunal Federal', quantidade: 5 }],
  tipos: [{ valor: 'Recurso extraordinário', descricao: 'Recurso extraordinário', quantidade: 1 }],
  relatores: [{ valor: 'Fux, Luiz', descricao: 'Fux, Luiz', quantidade: 1 }],
  anos: [{ valor: '2016', descricao: '2016', quantidade: 1 }],
};

function stubOptions(status = 200) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      fetchWith((url) => {
        if (status !== 200) return jsonResponse({ message: 'x', code: 'INTERNAL' }, status);
        if (url.pathname === '/api/consulta/opcoes-arquivo') return jsonResponse(ARCHIVE);
        if (url.pathname === '/api/consulta/opcoes-atos-normativos') return jsonResponse(ACTS);
        if (url.pathname === '/api/consulta/jurisprudencia-options') return jsonResponse(CASE_LAW);
        return jsonResponse({ message: 'not found', code: 'NOT_FOUND' }, 404);
      }),
    ),
  );
}

/** Holds the options as the search state would, and reports every change. */
function renderForm(Form: ComponentType<TabOptionsProps>, initial: Record<string, string[]> = {}) {
  const changes: Record<string, string[]>[] = [];
  function Harness() {
    const [value, setValue] = useState(initial);
    return (
      <Form
        value={value}
        onChange={(next) => {
          changes.push(next);
          setValue(next);
        }}
      />
    );
  }
  renderWithProviders(<Harness />);
  return { last: () => changes.at(-1) };
}

afterEach(() => vi.unstubAllGlobals());

describe('ArchiveOptions', { timeout: 20_000 }, () => {
  it('is a labelled group whose fonds, series and years are chosen with the keyboard', async () => {
    stubOptions();
    const form = renderForm(ArchiveOptions);
    const group = screen.getByRole('group', { name: 'Opções do arquivo' });
    await within(group).findByRole('option', { name: 'Arquivo da Reitoria (4)' });
    expect(screen.getByText('O arquivo reúne documentos de 1962 a 2005.')).toBeTruthy();

    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Fundo ou coleção' }));
    await userEvent.selectOptions(document.activeElement!, 'Arquivo da Reitoria');
    expect(form.last()).toEqual({ fundo: ['Arquivo da Reitoria'] });
    // Only the series of the chosen fonds are offered.
    const series = screen.getByRole('combobox', { name: 'Série' });
    expect(
      within(series)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Qualquer', 'Atas do Conselho (2)']);

    await userEvent.tab();
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Documentos a partir do ano' }));
    await userEvent.keyboard('1960');
    await userEvent.tab();
    await userEvent.keyboard('1970');
    expect(form.last()).toEqual({ fundo: ['Arquivo da Reitoria'], dataIni: ['1960'], dataFim: ['1970'] });
  });

  it('clears a series that the newly chosen fonds does not hold', async () => {
    stubOptions();
    const form = renderForm(ArchiveOptions, { fundo: ['Arquivo da Reitoria'], serie: ['Atas do Conselho'] });
    await screen.findByRole('option', { name: 'Coleção fotográfica (1)' });
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Fundo ou coleção' }),
      'Coleção fotográfica',
    );
    expect(form.last()).toEqual({ fundo: ['Coleção fotográfica'] });
  });

  it('says when a year is not a year, or the start comes after the end (SPEC §5)', async () => {
    stubOptions();
    renderForm(ArchiveOptions, { dataIni: ['19'] });
    const from = screen.getByRole('textbox', { name: 'Documentos a partir do ano' });
    expect(from.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Informe o ano com quatro dígitos, por exemplo 1998.')).toBeTruthy();
    await userEvent.type(from, '90');
    await userEvent.type(screen.getByRole('textbox', { name: 'Documentos até o ano' }), '1980');
    expect(screen.getByText('A data inicial não pode ser posterior à data final.')).toBeTruthy();
  });

  it('keeps the year fields usable when the options cannot be loaded', async () => {
    stubOptions(500);
    const form = renderForm(ArchiveOptions);
    expect(
      await screen.findByText(
        'Não foi possível carregar as opções desta guia. Os campos de texto continuam disponíveis.',
      ),
    ).toBeTruthy();
    await userEvent.type(screen.getByRole('textbox', { name: 'Documentos até o ano' }), '1999');
    expect(form.last()).toEqual({ dataFim: ['1999'] });
  });
});

describe('NormativeActsOptions', { timeout: 20_000 }, () => {
  it('offers the kinds in the patron’s language and sends their codes, with issuer, number and year', async () => {
    stubOptions();
    const form = renderForm(NormativeActsOptions);
    screen.getByRole('group', { name: 'Opções de atos normativos' });
    await screen.findByRole('option', { name: 'Lei (6)' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Tipo de ato' }), 'Decreto (2)');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Órgão emissor' }), 'Brasil');
    await userEvent.type(screen.getByRole('textbox', { name: /Número do ato/ }), '9.610');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Ano do ato' }), '2018');
    expect(form.last()).toEqual({ tipo: ['DECRETO'], orgao: ['Brasil'], numero: ['9.610'], ano: ['2018'] });
    // Back to "any" removes the option.
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Tipo de ato' }), 'Qualquer');
    expect(form.last()).not.toHaveProperty('tipo');
  });

  it('speaks Spanish when the interface does', async () => {
    await i18n.changeLanguage('es');
    stubOptions();
    renderForm(NormativeActsOptions);
    expect(await screen.findByRole('option', { name: 'Ley (6)' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Tipo de acto' })).toBeTruthy();
  });
});

describe('JurisprudenceOptions', { timeout: 20_000 }, () => {
  it('chooses court, kind, rapporteur, number and year from labelled fields', async () => {
    stubOptions();
    const form = renderForm(JurisprudenceOptions);
    screen.getByRole('group', { name: 'Opções de jurisprudência' });
    await screen.findByRole('option', { name: 'Supremo Tribunal Federal (5)' });
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Tribunal' }),
      'Supremo Tribunal Federal',
    );
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Tipo de decisão' }),
      'Recurso extraordinário',
    );
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Relator' }), 'Fux, Luiz');
    await userEvent.type(screen.getByRole('textbox', { name: 'Número do processo' }), '898060');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Ano do julgamento' }), '2016');
    expect(form.last()).toEqual({
      tribunal: ['Supremo Tribunal Federal'],
      tipo: ['Recurso extraordinário'],
      relator: ['Fux, Luiz'],
      numero: ['898060'],
      ano: ['2016'],
    });
  });

  it('keeps showing a value chosen in the URL that the list no longer has', async () => {
    stubOptions();
    renderForm(JurisprudenceOptions, { tribunal: ['Tribunal de Justiça de São Paulo'] });
    await screen.findByRole('option', { name: 'Supremo Tribunal Federal (5)' });
    const court = screen.getByRole('combobox', { name: 'Tribunal' }) as HTMLSelectElement;
    expect(court.value).toBe('Tribunal de Justiça de São Paulo');
  });
});

describe('NewAcquisitionsOptions', () => {
  it('starts on the last 30 days and offers other periods, the default leaving the URL short', async () => {
    const form = renderForm(NewAcquisitionsOptions);
    const period = screen.getByRole('combobox', { name: 'Adquiridos' }) as HTMLSelectElement;
    expect(screen.getByRole('group', { name: 'Período das aquisições' })).toBeTruthy();
    expect(period.value).toBe('30');
    expect(period.selectedOptions[0]?.textContent).toBe('nos últimos 30 dias');
    await userEvent.selectOptions(period, '7');
    expect(form.last()).toEqual({ dias: ['7'] });
    await userEvent.selectOptions(period, '30');
    expect(form.last()).toEqual({});
  });

  it('shows two labelled date fields for a period between dates, and checks their order', async () => {
    const form = renderForm(NewAcquisitionsOptions, { dias: ['7'] });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Adquiridos' }), 'entre duas datas');
    expect(form.last()).toEqual({});
    const from = screen.getByLabelText('De');
    const to = screen.getByLabelText('Até');
    await userEvent.type(from, '2026-03-10');
    await userEvent.type(to, '2026-03-01');
    expect(form.last()).toEqual({ dataIni: ['2026-03-10'], dataFim: ['2026-03-01'] });
    expect(screen.getByText('A data inicial não pode ser posterior à data final.')).toBeTruthy();
    await waitFor(() => expect(to.getAttribute('aria-invalid')).toBe('true'));
  });
});
