import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setUserCredentials } from '../../../lib/api-client';
import { jsonResponse, renderWithProviders } from '../../../testing/render';
import { refusal, signInPatron, stubCirculationApi } from '../../circulation/components/circulation-test-api';
import { CatalogueSheetScreen } from './catalogue-sheet-screen';

// The catalogue sheet's form (SPEC §5, §8): the rules checked before sending, and the server's
// refusal shown in place with what was typed kept. The API is stubbed (the repo's component tests).

beforeEach(signInPatron);
afterEach(() => setUserCredentials(null));

async function fillRequired(user: ReturnType<typeof userEvent.setup>) {
  const type = async (name: RegExp, text: string) => {
    await user.click(screen.getByRole('textbox', { name }));
    await user.paste(text);
  };
  await type(/^Sobrenome do autor/, 'Fernández Ortiz');
  await type(/^Prenomes do autor/, 'Diego');
  await type(/^Título/, 'Catalogação cooperativa');
  await type(/^Sobrenome do orientador/, 'Conceição');
  await type(/^Prenomes do orientador/, 'Maria da');
  await user.selectOptions(screen.getByRole('combobox', { name: /^Tipo de trabalho/ }), 'mestrado');
  await type(/^Curso ou programa/, 'Ciência da Informação');
  await type(/^Instituição/, 'Universidade Federal de Santa Catarina');
  await type(/^Cidade do campus/, 'Florianópolis');
  await type(/^Ano/, '2031');
  await type(/^Total de folhas/, '120');
  await type(/^Palavras-chave/, 'catalogação; bibliotecas');
  await type(/^E-mail para contato/, 'diego@demo.estante.example');
}

describe('catalogue sheet form', () => {
  it('refuses a page count that is not a whole number, naming the field, and sends nothing', async () => {
    const sent = stubCirculationApi({
      'GET /api/solicitacoes/ficha-catalografica/minhas': () => jsonResponse([]),
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<CatalogueSheetScreen />);
    await screen.findByText('Você ainda não pediu nenhuma ficha catalográfica.');
    await fillRequired(user);
    await user.type(screen.getByRole('textbox', { name: /^Primeira folha das referências/ }), '1a');
    await user.click(screen.getByRole('button', { name: 'Enviar pedido' }));
    expect((await screen.findAllByRole('alert')).map((a) => a.textContent)).toEqual([
      'O campo Primeira folha das referências deve ser um número inteiro.',
    ]);
    expect(sent.filter((call) => call.method === 'POST')).toEqual([]);
  }, 30_000);

  it('sends the data as the server takes it and shows its refusal in place, keeping what was typed', async () => {
    const sent = stubCirculationApi({
      'GET /api/solicitacoes/ficha-catalografica/minhas': () => jsonResponse([]),
      'POST /api/solicitacoes/ficha-catalografica': () =>
        refusal('BIBLIOGRAPHY_BEYOND_TOTAL', 'catalogueSheet.errors.bibliographyBeyondTotal'),
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<CatalogueSheetScreen />);
    await screen.findByText('Você ainda não pediu nenhuma ficha catalográfica.');
    await fillRequired(user);
    await user.type(screen.getByRole('textbox', { name: /^Primeira folha das referências/ }), '110');
    await user.type(screen.getByRole('textbox', { name: /^Última folha das referências/ }), '130');
    await user.click(screen.getByRole('button', { name: 'Enviar pedido' }));
    expect(
      await screen.findByText('As folhas das referências devem estar dentro do total de folhas.'),
    ).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /^Título/ })).toHaveProperty(
      'value',
      'Catalogação cooperativa',
    );
    const post = sent.find((call) => call.method === 'POST');
    expect(post?.body).toEqual({
      autor_sobrenome: 'Fernández Ortiz',
      autor_prenomes: 'Diego',
      titulo: 'Catalogação cooperativa',
      orientador_sobrenome: 'Conceição',
      orientador_prenomes: 'Maria da',
      tipo_trabalho: 'mestrado',
      programa: 'Ciência da Informação',
      instituicao: 'Universidade Federal de Santa Catarina',
      cidade: 'Florianópolis',
      ano: 2031,
      total_folhas: 120,
      pagina_bibliografia_inicial: 110,
      pagina_bibliografia_final: 130,
      ilustracoes: 'nao',
      palavras_chave: ['catalogação', 'bibliotecas'],
      email: 'diego@demo.estante.example',
    });
  }, 30_000);
});
