import { useState, type ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Button, Card, Group, List, NativeSelect, Stack, Tabs, Text, Title } from '@mantine/core';
import {
  CLOSED_STACK_DECISIONS,
  CLOSED_STACK_STATES,
  INTERLIBRARY_STEPS,
  LOAN_REQUEST_STATES,
  STAFF_ANSWER_MAX_LENGTH,
  type LoanRequestState,
  type StaffClosedStackRequest,
  type StaffInterlibraryRequest,
  type StaffLoanRequest,
  type StaffLoanRequestStep,
  type StaffRequestStep,
} from '@estante/contract';
import {
  DateRangeFilter,
  FormRefusal,
  RequiredLegend,
  SelectField,
  SubmitButton,
  TextAreaField,
  refusalOf,
  rules,
  useForm,
} from '../../../components/form';
import { Notice } from '../../../components/ui/notice';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-state';
import { formatDate } from '../../../lib/i18n';
import {
  useClosedStackQueue,
  useInterlibraryQueue,
  useLoanRequestQueue,
  useMoveRequest,
  useQueueLibraries,
  type QueueFilter,
  type RequestQueueKind,
} from './api';

/** Every status a request of these queues may be in, by its name in the interface. */
function statusLabel(status: string, t: TFunction): string {
  const keys: Record<string, string> = {
    aguardando: t('staff.requests.status.aguardando'),
    em_transito: t('staff.requests.status.em_transito'),
    disponivel: t('staff.requests.status.disponivel'),
    finalizada: t('staff.requests.status.finalizada'),
    nao_finalizada: t('staff.requests.status.nao_finalizada'),
    atendida: t('staff.requests.status.atendida'),
    recusada: t('staff.requests.status.recusada'),
    cancelada: t('staff.requests.status.cancelada'),
  };
  return keys[status] ?? status;
}

/** The moves the engine lets a librarian make on a loan request from each status. */
const LOAN_MOVES: Record<LoanRequestState, readonly StaffLoanRequestStep[]> = {
  aguardando: ['em_transito', 'disponivel', 'nao_finalizada'],
  em_transito: ['disponivel', 'nao_finalizada'],
  disponivel: ['nao_finalizada'],
  finalizada: [],
  nao_finalizada: [],
};

/** A queue opens on what awaits the library. */
const FIRST_FILTER: QueueFilter = { status: 'aguardando', library: '', from: null, to: null };

/**
 * The circulation requests (decision 0061): loan requests, inter-library loans and closed-stack
 * protocols, each a queue with filters (status, library, days), each request with its history, and
 * the moves a librarian makes; the patron is told by the server at each one.
 */
export function CirculationRequests() {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Text>{t('staff.requests.intro')}</Text>
      <Tabs defaultValue="loan" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="loan">{t('staff.requests.loan.heading')}</Tabs.Tab>
          <Tabs.Tab value="interlibrary">{t('staff.requests.interlibrary.heading')}</Tabs.Tab>
          <Tabs.Tab value="closedStack">{t('staff.requests.closedStack.heading')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="loan" pt="md">
          <LoanQueue />
        </Tabs.Panel>
        <Tabs.Panel value="interlibrary" pt="md">
          <InterlibraryQueue />
        </Tabs.Panel>
        <Tabs.Panel value="closedStack" pt="md">
          <ClosedStackQueue />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

/** The filter form of a queue: status and library, applied with the days. */
function QueueFilters({
  label,
  statuses,
  filter,
  onApply,
}: {
  label: string;
  statuses: readonly string[];
  filter: QueueFilter;
  onApply: (filter: QueueFilter) => void;
}) {
  const { t } = useTranslation();
  const libraries = useQueueLibraries();
  const [status, setStatus] = useState(filter.status);
  const [library, setLibrary] = useState(filter.library);
  return (
    <DateRangeFilter
      label={label}
      initial={{ from: filter.from, to: filter.to }}
      fromLabel={t('staff.requests.filters.from')}
      toLabel={t('staff.requests.filters.to')}
      submitLabel={t('staff.requests.filters.apply')}
      onApply={(range) => onApply({ status, library, ...range })}
    >
      <NativeSelect
        label={t('staff.requests.filters.status')}
        value={status}
        onChange={(event) => setStatus(event.currentTarget.value)}
        data={[
          { value: '', label: t('staff.requests.filters.any') },
          ...statuses.map((s) => ({ value: s, label: statusLabel(s, t) })),
        ]}
      />
      <NativeSelect
        label={t('staff.requests.filters.library')}
        value={library}
        onChange={(event) => setLibrary(event.currentTarget.value)}
        data={[
          { value: '', label: t('staff.requests.filters.any') },
          ...(libraries.data ?? []).map((l) => ({
            value: String(l.cod_biblioteca),
            label: l.desc_biblioteca,
          })),
        ]}
      />
    </DateRangeFilter>
  );
}

/** A queue's frame: its heading, filters, outcome notice, count and list (or why there is none). */
function QueueFrame<T extends { codigo: number }>({
  kind,
  statuses,
  filter,
  onFilter,
  notice,
  query,
  render,
}: {
  kind: RequestQueueKind;
  statuses: readonly string[];
  filter: QueueFilter;
  onFilter: (filter: QueueFilter) => void;
  notice: string | null;
  query: {
    isPending: boolean;
    isError: boolean;
    data: { data: T[]; total: number } | undefined;
    refetch: () => unknown;
  };
  render: (item: T) => ReactNode;
}) {
  const { t } = useTranslation();
  const names = {
    loan: {
      heading: t('staff.requests.loan.heading'),
      filters: t('staff.requests.loan.filtersLabel'),
      list: t('staff.requests.loan.listLabel'),
    },
    interlibrary: {
      heading: t('staff.requests.interlibrary.heading'),
      filters: t('staff.requests.interlibrary.filtersLabel'),
      list: t('staff.requests.interlibrary.listLabel'),
    },
    closedStack: {
      heading: t('staff.requests.closedStack.heading'),
      filters: t('staff.requests.closedStack.filtersLabel'),
      list: t('staff.requests.closedStack.listLabel'),
    },
  }[kind];
  return (
    <Stack gap="md" component="section" aria-labelledby={`queue-${kind}-heading`}>
      <Title order={2} id={`queue-${kind}-heading`}>
        {names.heading}
      </Title>
      <QueueFilters label={names.filters} statuses={statuses} filter={filter} onApply={onFilter} />
      {notice && <Notice tone="success">{notice}</Notice>}
      {query.isPending ? (
        <LoadingBlock />
      ) : query.isError || !query.data ? (
        <ErrorBlock message={t('staff.requests.loadError')} onRetry={() => void query.refetch()} />
      ) : query.data.data.length === 0 ? (
        <Text>{t('staff.requests.empty')}</Text>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {t('staff.requests.count', { count: query.data.total, shown: query.data.data.length })}
          </Text>
          <Stack component="ul" gap="md" p={0} style={{ listStyle: 'none' }} aria-label={names.list}>
            {query.data.data.map((item) => (
              <li key={item.codigo}>{render(item)}</li>
            ))}
          </Stack>
        </>
      )}
    </Stack>
  );
}

function LoanQueue() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState(FIRST_FILTER);
  const [notice, setNotice] = useState<string | null>(null);
  const query = useLoanRequestQueue(filter);
  return (
    <QueueFrame
      kind="loan"
      statuses={LOAN_REQUEST_STATES}
      filter={filter}
      onFilter={setFilter}
      notice={notice}
      query={query}
      render={(request: StaffLoanRequest) => (
        <LoanRequestCard
          request={request}
          onMoved={(status) =>
            setNotice(t('staff.requests.moved', { name: request.titulo, status: statusLabel(status, t) }))
          }
        />
      )}
    />
  );
}

function InterlibraryQueue() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState(FIRST_FILTER);
  const [notice, setNotice] = useState<string | null>(null);
  const query = useInterlibraryQueue(filter);
  return (
    <QueueFrame
      kind="interlibrary"
      statuses={LOAN_REQUEST_STATES}
      filter={filter}
      onFilter={setFilter}
      notice={notice}
      query={query}
      render={(request: StaffInterlibraryRequest) => (
        <InterlibraryCard
          request={request}
          onMoved={(status) =>
            setNotice(t('staff.requests.moved', { name: request.titulo, status: statusLabel(status, t) }))
          }
        />
      )}
    />
  );
}

function ClosedStackQueue() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState(FIRST_FILTER);
  const [notice, setNotice] = useState<string | null>(null);
  const query = useClosedStackQueue(filter);
  return (
    <QueueFrame
      kind="closedStack"
      statuses={CLOSED_STACK_STATES}
      filter={filter}
      onFilter={setFilter}
      notice={notice}
      query={query}
      render={(request: StaffClosedStackRequest) => (
        <ClosedStackCard
          request={request}
          onMoved={(status) =>
            setNotice(
              t('staff.requests.moved', {
                name: t('staff.requests.closedStack.protocol', { protocol: request.protocolo }),
                status: statusLabel(status, t),
              }),
            )
          }
        />
      )}
    />
  );
}

/** A request's card: its heading, its facts, its status, its history and what may be done with it. */
function RequestCard({
  id,
  heading,
  facts,
  status,
  answer,
  history,
  children,
}: {
  id: string;
  heading: string;
  facts: ReactNode[];
  status: string;
  answer: string | null;
  history: StaffRequestStep[];
  children?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Card withBorder component="article" aria-labelledby={id}>
      <Stack gap="xs">
        <Title order={3} size="h4" id={id}>
          {heading}
        </Title>
        {facts.map((fact, i) => (
          <Text key={i} size="sm">
            {fact}
          </Text>
        ))}
        <Text fw={700}>{t('staff.requests.statusNow', { status: statusLabel(status, t) })}</Text>
        {answer && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {t('staff.requests.answerNow', { answer })}
          </Text>
        )}
        <Title order={4} size="h6">
          {t('staff.requests.history')}
        </Title>
        <List size="sm" spacing={2}>
          {history.map((step, i) => (
            <List.Item key={i}>
              {[
                formatDate(step.data, i18n.language),
                statusLabel(step.situacao, t),
                step.por ? t('staff.requests.by', { login: step.por }) : null,
                step.resposta,
              ]
                .filter(Boolean)
                .join(' — ')}
            </List.Item>
          ))}
        </List>
        {children}
      </Stack>
    </Card>
  );
}

const patronFact = (patron: { nome: string; login: string } | null, t: TFunction) =>
  patron
    ? t('staff.requests.patron', { name: patron.nome, login: patron.login })
    : t('staff.requests.patronGone');

function LoanRequestCard({
  request,
  onMoved,
}: {
  request: StaffLoanRequest;
  onMoved: (status: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const move = useMoveRequest();
  const [refusal, setRefusal] = useState<string | null>(null);
  const stepLabels: Record<StaffLoanRequestStep, string> = {
    em_transito: t('staff.requests.loan.step.em_transito'),
    disponivel: t('staff.requests.loan.step.disponivel'),
    nao_finalizada: t('staff.requests.loan.step.nao_finalizada'),
  };
  const send = async (status: StaffLoanRequestStep) => {
    setRefusal(null);
    try {
      await move.mutateAsync({ kind: 'loan', id: request.codigo, status });
      onMoved(status);
    } catch (error) {
      setRefusal(refusalOf(error, t));
    }
  };
  return (
    <RequestCard
      id={`loan-request-${request.codigo}`}
      heading={request.titulo}
      facts={[
        patronFact(request.leitor, t),
        t('staff.requests.loan.route', {
          copy: request.exemplar,
          from: request.biblioteca_origem.desc_biblioteca,
          to: request.biblioteca_recebimento.desc_biblioteca,
          place: request.endereco_entrega ?? request.local_recebimento,
        }),
        t('staff.requests.requestedOn', { date: formatDate(request.data_solicitacao, i18n.language) }),
        request.prazo_retirada
          ? t('staff.requests.loan.pickupUntil', { date: formatDate(request.prazo_retirada, i18n.language) })
          : null,
      ].filter(Boolean)}
      status={request.situacao}
      answer={null}
      history={request.historico}
    >
      <FormRefusal message={refusal} />
      {LOAN_MOVES[request.situacao].length > 0 && (
        <Group gap="sm">
          {LOAN_MOVES[request.situacao].map((status) => (
            <Button
              key={status}
              variant={status === 'nao_finalizada' ? 'outline' : 'filled'}
              color={status === 'nao_finalizada' ? 'red' : undefined}
              loading={move.isPending && move.variables?.status === status}
              disabled={move.isPending}
              onClick={() => void send(status)}
              aria-label={t('staff.requests.loan.stepOf', {
                step: stepLabels[status],
                title: request.titulo,
              })}
            >
              {stepLabels[status]}
            </Button>
          ))}
        </Group>
      )}
    </RequestCard>
  );
}

function InterlibraryCard({
  request,
  onMoved,
}: {
  request: StaffInterlibraryRequest;
  onMoved: (status: string) => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <RequestCard
      id={`interlibrary-request-${request.codigo}`}
      heading={request.titulo}
      facts={[
        [request.autor, request.publicacao].filter(Boolean).join('. '),
        patronFact(request.leitor, t),
        t('staff.requests.contact', { email: request.email, phone: request.telefone ?? '—' }),
        request.instituicao
          ? t('staff.requests.interlibrary.institution', { name: request.instituicao })
          : null,
        t('staff.requests.receivingLibrary', { library: request.biblioteca_recebimento.desc_biblioteca }),
        request.observacao ? t('staff.requests.notes', { notes: request.observacao }) : null,
        t('staff.requests.requestedOn', { date: formatDate(request.data_solicitacao, i18n.language) }),
      ].filter(Boolean)}
      status={request.situacao}
      answer={request.resposta}
      history={request.historico}
    >
      {INTERLIBRARY_STEPS[request.situacao].length > 0 && (
        <AnswerForm
          kind="interlibrary"
          id={request.codigo}
          name={request.titulo}
          steps={INTERLIBRARY_STEPS[request.situacao]}
          answerRequiredFor={['nao_finalizada']}
          onMoved={onMoved}
        />
      )}
    </RequestCard>
  );
}

function ClosedStackCard({
  request,
  onMoved,
}: {
  request: StaffClosedStackRequest;
  onMoved: (status: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const name = t('staff.requests.closedStack.protocol', { protocol: request.protocolo });
  return (
    <RequestCard
      id={`closed-stack-request-${request.codigo}`}
      heading={name}
      facts={[
        patronFact(request.leitor, t),
        t('staff.requests.closedStack.library', { library: request.biblioteca.desc_biblioteca }),
        t('staff.requests.requestedOn', { date: formatDate(request.data_solicitacao, i18n.language) }),
        ...request.itens.map((item) =>
          t('staff.requests.closedStack.item', {
            title: item.titulo,
            copy: item.exemplar,
            location: item.localizacao ?? '—',
          }),
        ),
      ]}
      status={request.situacao}
      answer={request.resposta}
      history={request.historico}
    >
      {request.situacao === 'aguardando' && (
        <AnswerForm
          kind="closedStack"
          id={request.codigo}
          name={name}
          steps={CLOSED_STACK_DECISIONS}
          answerRequiredFor={['recusada']}
          onMoved={onMoved}
        />
      )}
    </RequestCard>
  );
}

/** The librarian's move with words to the patron: the new status and the answer (required to refuse). */
function AnswerForm({
  kind,
  id,
  name,
  steps,
  answerRequiredFor,
  onMoved,
}: {
  kind: 'interlibrary' | 'closedStack';
  id: number;
  name: string;
  steps: readonly string[];
  answerRequiredFor: readonly string[];
  onMoved: (status: string) => void;
}) {
  const { t } = useTranslation();
  const move = useMoveRequest();
  const form = useForm({
    initial: { status: steps[0] ?? '', answer: '' },
    validate: ({ status, answer }) => {
      const label = t('staff.requests.answer');
      const message = answerRequiredFor.includes(status)
        ? rules.required(answer, label, t)
        : rules.maxLength(answer, STAFF_ANSWER_MAX_LENGTH, label, t);
      return message ? { answer: message } : {};
    },
    onSubmit: async ({ status, answer }) => {
      await move.mutateAsync({ kind, id, status, answer: answer.trim() || undefined });
      onMoved(status);
    },
  });
  return (
    <form {...form.formProps} aria-label={t('staff.requests.answerFormLabel', { name })}>
      <Stack gap="sm">
        <RequiredLegend />
        <SelectField
          label={t('staff.requests.newStatus')}
          options={steps.map((s) => ({ value: s, label: statusLabel(s, t) }))}
          required
          {...form.field('status')}
        />
        <TextAreaField
          label={t('staff.requests.answer')}
          description={t('staff.requests.answerHelp')}
          maxLength={STAFF_ANSWER_MAX_LENGTH}
          {...form.field('answer')}
        />
        <FormRefusal message={form.refusal} />
        <Group>
          <SubmitButton sending={form.sending}>{t('staff.requests.save')}</SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}
