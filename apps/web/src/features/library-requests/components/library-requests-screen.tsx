import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { Badge, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import {
  REQUEST_STATUSES,
  REQUEST_TYPES,
  type LibraryRequest,
  type RequestStatus,
  type RequestType,
} from '@estante/contract';
import { SelectField } from '../../../components/form';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-state';
import { formatDate } from '../../../lib/i18n';
import { handleApiError } from '../../../lib/error-handler';
import { cancelLibraryRequest } from '../api/cancel-library-request';
import { downloadRequestFile } from '../api/download-request-file';
import { LIBRARY_REQUESTS_QUERY_KEY, useLibraryRequests } from '../api/get-library-requests';
import { optionsOf, useRequestLabels } from '../utils/labels';

const ALL = '';
const STATUS_COLOR: Record<RequestStatus, string> = {
  aguardando: 'gray',
  em_atendimento: 'blue',
  atendida: 'green',
  nao_atendida: 'orange',
  cancelada: 'gray',
};

/**
 * The personal area's requests (SPEC §7 GET /solicitacoes/{type} with status; decision 0048): the
 * patron's requests of each type, by status, each with its fields, its history of states and the
 * library's answer (a text and/or a file to download); a request still waiting can be cancelled.
 */
export function LibraryRequestsScreen() {
  const { t } = useTranslation();
  const labels = useRequestLabels();
  const [type, setType] = useState<RequestType>('comutacao-bibliografica');
  const [status, setStatus] = useState<string>(ALL);
  const query = useLibraryRequests(type, status === ALL ? null : (status as RequestStatus));
  return (
    <Stack gap="lg">
      <Group
        gap="sm"
        align="flex-start"
        wrap="wrap"
        role="group"
        aria-label={t('libraryRequests.list.filter')}
      >
        <SelectField
          label={t('libraryRequests.list.type')}
          options={optionsOf(REQUEST_TYPES, labels.types)}
          value={type}
          error={undefined}
          onChange={(value) => setType(value as RequestType)}
        />
        <SelectField
          label={t('libraryRequests.list.status')}
          options={[
            { value: ALL, label: t('libraryRequests.list.allStatuses') },
            ...optionsOf(REQUEST_STATUSES, labels.statuses),
          ]}
          value={status}
          error={undefined}
          onChange={setStatus}
        />
      </Group>
      {query.isPending && <LoadingBlock />}
      {query.isError && (
        <ErrorBlock message={t('libraryRequests.list.error')} onRetry={() => void query.refetch()} />
      )}
      {query.isSuccess && query.data.length === 0 && <Text>{t('libraryRequests.list.empty')}</Text>}
      {query.isSuccess && query.data.length > 0 && (
        <Stack component="ul" gap="md" p={0} m={0} style={{ listStyle: 'none' }}>
          {query.data.map((request) => (
            <li key={request.codigo}>
              <RequestItem request={request} />
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** The words a request is about: its title or subject, else its number. */
function subjectOf(request: LibraryRequest): string {
  for (const name of ['titulo', 'assunto']) {
    const value = request.campos[name];
    if (typeof value === 'string' && value) return value;
  }
  return `#${request.codigo}`;
}

function RequestItem({ request }: { request: LibraryRequest }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const labels = useRequestLabels();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const [isBusy, setBusy] = useState(false);
  const subject = subjectOf(request);
  const headingId = `library-request-${request.codigo}`;
  const kind =
    request.subtipo && request.subtipo in labels.kinds
      ? labels.kinds[request.subtipo as keyof typeof labels.kinds]
      : labels.types[request.tipo];

  /** A field's value in words: codes by their labels, days in the reader's format, lists joined. */
  const valueOf = (name: string, value: LibraryRequest['campos'][string]): string => {
    const one = (code: string) =>
      (name === 'grau' && labels.degrees[code as keyof typeof labels.degrees]) ||
      (name === 'finalidade' && labels.purposes[code as keyof typeof labels.purposes]) ||
      (name === 'idiomas' && labels.languages[code as keyof typeof labels.languages]) ||
      (name === 'tipos_publicacao' &&
        labels.publicationTypes[code as keyof typeof labels.publicationTypes]) ||
      ((name === 'data_inicial' || name === 'data_final') && formatDate(code, language)) ||
      code;
    if (Array.isArray(value)) return value.map(one).join(', ');
    if (typeof value === 'boolean')
      return value ? t('libraryRequests.list.yes') : t('libraryRequests.list.no');
    return one(String(value));
  };

  const cancel = async () => {
    const isConfirmed = await confirm({
      title: t('libraryRequests.list.cancelTitle'),
      content: t('libraryRequests.list.cancelText', { title: subject }),
      confirmLabel: t('libraryRequests.list.cancelConfirm'),
      cancelLabel: t('libraryRequests.list.cancelKeep'),
    });
    if (!isConfirmed) return;
    setBusy(true);
    try {
      await cancelLibraryRequest(request.tipo, request.codigo);
      notifications.show({ color: 'green', message: t('libraryRequests.list.cancelled') });
      await queryClient.invalidateQueries({ queryKey: LIBRARY_REQUESTS_QUERY_KEY });
    } catch (error) {
      // SPEC §8: the refusal (e.g. the library has started on it meanwhile) is a warning toast.
      handleApiError(error);
      await queryClient.invalidateQueries({ queryKey: LIBRARY_REQUESTS_QUERY_KEY });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper withBorder p="md" component="article" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <div>
            <Text size="sm" c="dimmed">
              {kind}
            </Text>
            <Title order={2} fz="h4" id={headingId}>
              {subject}
            </Title>
          </div>
          <Badge
            color={STATUS_COLOR[request.situacao]}
            variant="light"
            size="lg"
            tt="none"
            c="var(--mantine-color-text)"
          >
            {labels.statuses[request.situacao]}
          </Badge>
        </Group>
        <Text size="sm">
          {t('libraryRequests.list.sent', {
            date: formatDate(request.data_solicitacao, language),
            number: request.codigo,
          })}
          {request.biblioteca && ` · ${request.biblioteca.desc_biblioteca}`}
        </Text>
        <details>
          <summary>{t('libraryRequests.list.fields')}</summary>
          <dl>
            {Object.entries(request.campos).map(([name, value]) => (
              <div key={name}>
                <Text component="dt" fw={700} size="sm">
                  {labels.field(name)}
                </Text>
                <Text component="dd" size="sm" ml="md" style={{ whiteSpace: 'pre-wrap' }}>
                  {valueOf(name, value)}
                </Text>
              </div>
            ))}
          </dl>
        </details>
        <div>
          <Text fw={700} size="sm">
            {t('libraryRequests.list.history')}
          </Text>
          <List size="sm" type="ordered">
            {request.historico.map((event, index) => (
              <List.Item key={index}>
                {formatDate(event.data, language)} — {labels.statuses[event.situacao]}
                {event.observacao && `: ${event.observacao}`}
              </List.Item>
            ))}
          </List>
        </div>
        {request.resposta && (
          <div>
            <Text fw={700} size="sm">
              {t('libraryRequests.list.answer')}
            </Text>
            {request.resposta.texto && (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {request.resposta.texto}
              </Text>
            )}
            {request.resposta.arquivo && (
              <Button
                variant="light"
                size="xs"
                mt="xs"
                onClick={() => void downloadRequestFile(request.tipo, request.codigo).catch(handleApiError)}
              >
                {t('libraryRequests.list.download', { name: request.resposta.arquivo.nome })}
              </Button>
            )}
          </div>
        )}
        {request.pode_cancelar && (
          <Group>
            <Button variant="default" size="xs" loading={isBusy} onClick={() => void cancel()}>
              {t('libraryRequests.list.cancel')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
