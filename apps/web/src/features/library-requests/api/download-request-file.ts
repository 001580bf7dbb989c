import { LIBRARY_REQUEST_PATHS, LibraryRequestFileSchema, type RequestType } from '@estante/contract';
import { apiGet } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

/** GET /solicitacoes/{type}/{id}/arquivo: saves the file of the library's answer under its name. */
export async function downloadRequestFile(type: RequestType, id: number): Promise<void> {
  const file = await apiGet(LIBRARY_REQUEST_PATHS.file(type, id), LibraryRequestFileSchema, {
    auth: 'private',
  });
  const bytes = Uint8Array.from(atob(file.conteudo), (char) => char.charCodeAt(0));
  saveFile(new Blob([bytes], { type: file.tipo }), file.nome_arquivo);
}
