import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, Button, Group, List, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import {
  OPEN_REQUEST_STATUSES,
  REQUEST_STATUSES,
  REQUEST_TYPES,
  type RequestStatus,
  type RequestType,
  type StaffRequest,
} from '@estante/contract';
import { DateRangeFilter, SelectField, type DateRange } from '../../../../components/form';
import { Notice } from '../../../../components/ui/notice';
import { ErrorBlock, LoadingBlock } from '../../../../components/ui/query-state';
import { formatDate, translateKey } from '../../../../lib/i18n';
import { useStaffRequests } from '../api/get-staff-requests';
import { MoveRequestForm } from './move-request-form';
import { useRequestWords } from './request-words';
import { SheetEditor } from './sheet-editor';

const ALL = '';
/** The queue's first view: the requests still open (waiting or being worked on). */
const OPEN = 'abertos';
const STATUS_COLOR: Record<RequestStatus, string> = {
  aguardando: 'gray',
  em_atendimento: 'blue',
  atendida: 'green',
  nao_atendida: 'orange',
  cancelada: 'gray',
};

/** The keys of the codes some fields carry, so they read as words. */
const CODE_KEYS: Record<string, string> = {
  grau: 'libraryRequests.degree',
  finalidade: 'libraryRequests.purpose',
  idiomas: 'libraryRequests.language',
  tipos_publicacao: 'libraryRequests.publicationType',
};

/**
 * The reference desk (decision 0060): one queue per request type — bibliographic switching,
 * survey, specialized search, catalogue sheet — filtered by status and sending day, oldest first;
 * each request with its patron, fields, history and the answer its patron reads, moved along its
 * transitions with an answer (text or file); a catalogue sheet edited and issued.
 */
export function ReferenceDesk() {
  const { t } = useTranslation();
  const words = useRequestWords();
  const [type, setType] = useState<RequestType>('comutacao-bibliografica');
  return (
    <Stack gap="md">
      <Text>{t('staff.reference.intro')}</Text>
      <Tabs value={type} onChange={(value) => value && setType(value as RequestType)} keepMounted={false}>
        <Tabs.List aria-label={t('staff.reference.queues')}>
          {REQUEST_TYPES.map((code) => (
            <Tabs.Tab key={code} value={code}>
              {words.type(code)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {REQUEST_TYPES.map((code) => (
          <Tabs.Panel key={code} value={code} pt="md">
            <Queue type={code} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}

function Queue({ type }: { type: RequestType }) {
  const { t } = useTranslation();
  const words = useRequestWords();
  const [status, setStatus] = useState<string>(OPEN);
  const [range, setRange] = useState<DateRange>({ from: null, to: null });
  const [done, setDone] = useState<string | null>(null);
  const queue = useStaffRequests({
    tipo: type,
    ...(status === OPEN
      ? { status: [...OPEN_REQUEST_STATUSES] }
      : status !== ALL
        ? { status: status as RequestStatus }
        : {}),
    ...(range.from ? { dataIni: range.from } : {}),
    ...(range.to ? { dataFim: range.to } : {}),
  });
  return (
    <Stack gap="md">
      <SelectField
        label={t('staff.reference.status')}
        options={[
          { value: OPEN, label: t('staff.reference.openStatuses') },
          { value: ALL, label: t('staff.reference.allStatuses') },
          ...REQUEST_STATUSES.map((code) => ({ value: code, label: words.status(code) })),
        ]}
        value={status}
        error={undefined}
        onChange={setStatus}
      />
      <DateRangeFilter
        label={t('staff.reference.dateFilter')}
        initial={range}
        fromLabel={t('staff.reference.from')}
        toLabel={t('staff.reference.to')}
        submitLabel={t('staff.reference.applyDates')}
        onApply={setRange}
      />
      {done && <Notice tone="success">{done}</Notice>}
      {queue.isPending ? (
        <LoadingBlock />
      ) : queue.isError ? (
        <ErrorBlock message={t('staff.reference.loadError')} onRetry={() => void queue.refetch()} />
      ) : queue.data.data.length === 0 ? (
        <Text>{t('staff.reference.empty')}</Text>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {t('staff.reference.count', { count: queue.data.total })}
          </Text>
          <Stack
            component="ul"
            gap="md"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label={t('staff.reference.listLabel', { type: words.type(type) })}
          >
            {queue.data.data.map((request) => (
              <li key={request.codigo}>
                <RequestCard request={request} onDone={setDone} />
              </li>
            ))}
          </Stack>
        </>
      )}
    </Stack>
  );
}

/** The words a request is about: its title or subject, else its number. */
function subjectOf(request: StaffRequest): string {
  for (const name of ['titulo', 'assunto']) {
    const value = request.campos[name];
    if (typeof value === 'string' && value) return value;
  }
  return `#${request.codigo}`;
}

function RequestCard({ request, onDone }: { request: StaffRequest; onDone: (message: string) => void }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const words = useRequestWords();
  const [open, setOpen] = useState<'move' | 'sheet' | null>(null);
  const subject = subjectOf(request);
  const headingId = `staff-request-${request.codigo}`;
  const isSheet = request.tipo === 'ficha-catalografica';
  const isClosed = ['atendida', 'nao_atendida', 'cancelada'].includes(request.situacao);
  const valueOf = (name: string, value: StaffRequest['campos'][string]): string => {
    const one = (code: string) =>
      CODE_KEYS[name]
        ? translateKey(t, `${CODE_KEYS[name]}.${code}`)
        : name === 'data_inicial' || name === 'data_final'
          ? formatDate(code, language)
          : code;
    if (Array.isArray(value)) return value.map(one).join(', ');
    if (typeof value === 'boolean') return value ? t('staff.reference.yes') : t('staff.reference.no');
    return one(String(value));
  };

  return (
    <Paper withBorder p="md" component="article" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <div>
            <Text size="sm" c="dimmed">
              {request.subtipo ? words.kind(request.subtipo) : words.type(request.tipo)} · #{request.codigo}
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
            {words.status(request.situacao)}
          </Badge>
        </Group>
        <Text size="sm">
          {t('staff.reference.byline', {
            name: request.usuario.nome,
            login: request.usuario.login,
            date: formatDate(request.data_solicitacao, language),
          })}
          {request.biblioteca && ` · ${request.biblioteca.desc_biblioteca}`}
        </Text>
        {!isSheet && (
          <details>
            <summary>{t('staff.reference.fields')}</summary>
            <dl>
              {Object.entries(request.campos).map(([name, value]) => (
                <div key={name}>
                  <Text component="dt" fw={700} size="sm">
                    {words.field(name)}
                  </Text>
                  <Text component="dd" size="sm" ml="md" style={{ whiteSpace: 'pre-wrap' }}>
                    {valueOf(name, value)}
                  </Text>
                </div>
              ))}
            </dl>
          </details>
        )}
        <div>
          <Text fw={700} size="sm">
            {t('staff.reference.history')}
          </Text>
          <List size="sm" type="ordered">
            {request.historico.map((event, index) => (
              <List.Item key={index}>
                {formatDate(event.data, language)} — {words.status(event.situacao)}
                {event.responsavel && ` (${event.responsavel})`}
                {event.observacao && `: ${event.observacao}`}
              </List.Item>
            ))}
          </List>
        </div>
        {request.resposta && (
          <div>
            <Text fw={700} size="sm">
              {t('staff.reference.answerSeen')}
            </Text>
            {request.resposta.texto && (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {request.resposta.texto}
              </Text>
            )}
            {request.resposta.arquivo && (
              <Text size="sm">
                {t('staff.reference.answerFile', { name: request.resposta.arquivo.nome })}
              </Text>
            )}
          </div>
        )}
        {!isClosed && open === null && (
          <Group gap="sm">
            {isSheet && (
              <Button
                onClick={() => setOpen('sheet')}
                aria-label={t('staff.reference.editSheetOf', { title: subject })}
              >
                {t('staff.reference.editSheet')}
              </Button>
            )}
            <Button
              variant={isSheet ? 'outline' : 'filled'}
              onClick={() => setOpen('move')}
              aria-label={t('staff.reference.moveOf', { title: subject })}
            >
              {t('staff.reference.move')}
            </Button>
          </Group>
        )}
        {open === 'move' && (
          <MoveRequestForm
            request={request}
            subject={subject}
            onCancel={() => setOpen(null)}
            onMoved={(moved) => {
              setOpen(null);
              onDone(t('staff.reference.moved', { title: subject, status: words.status(moved.situacao) }));
            }}
          />
        )}
        {open === 'sheet' && (
          <SheetEditor
            id={request.codigo}
            subject={subject}
            onClose={() => setOpen(null)}
            onIssued={() => {
              setOpen(null);
              onDone(t('staff.reference.sheet.issued', { title: subject }));
            }}
          />
        )}
      </Stack>
    </Paper>
  );
}
