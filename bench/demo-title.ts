import { API_PATHS, API_PREFIX, SearchResponseSchema } from '@estante/contract';

/** The demo title the browser tests open (Dom Casmurro), found through the API as the web app does. */
export async function demoTitleId(base: string): Promise<number> {
  const token = await fetch(`${base}${API_PREFIX}${API_PATHS.token}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'client_credentials', client_id: '4' }),
  });
  const { access_token } = (await token.json()) as { access_token: string };
  const query = new URLSearchParams({ termo: 'Dom Casmurro', tipoBusca: 'titulo' });
  const response = await fetch(`${base}${API_PREFIX}${API_PATHS.search}?${query}`, {
    headers: { authorization: `Bearer ${access_token}` },
  });
  const hit = SearchResponseSchema.parse(await response.json()).data[0];
  if (!hit) throw new Error('the demo title Dom Casmurro was not found');
  return hit.cod_acervo;
}
