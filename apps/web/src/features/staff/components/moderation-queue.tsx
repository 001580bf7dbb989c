import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import {
  FormRefusal,
  RequiredLegend,
  SubmitButton,
  TextAreaField,
  refusalOf,
  rules,
  useForm,
} from '../../../components/form';
import { Notice } from '../../../components/ui/notice';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-state';
import { formatDate } from '../../../lib/i18n';

/** The longest refusal reason (the comments' own maximum). */
const REASON_MAX = 2000;

/** What every comment awaiting approval has, whatever it comments on. */
export interface PendingItem {
  codigo: number;
  autor: string;
  login: string;
  data_envio: string;
  texto: string;
}

/** A decision: approve (reason null) or refuse with a reason. */
export type Decide<D> = () => UseMutationResult<D, unknown, { id: number; reason: string | null }>;

/** The texts of one queue, translated by the caller (each kind names what its comments are about). */
export interface ModerationTexts<T, D> {
  intro: string;
  loadError: string;
  empty: string;
  count: (total: number) => string;
  listLabel: string;
  /** The notice after a decision. */
  done: (decision: D) => string;
  approveOf: (item: T) => string;
  refuseOf: (item: T) => string;
  refuseFormLabel: (item: T) => string;
}

/**
 * One moderation queue (decisions 0055, 0061): the comments awaiting approval, oldest first, each
 * with what it is about, its author and its text (plain text, never HTML); approve it, or refuse it
 * with a reason its author will read. Title comments and general comments are two queues of this.
 */
export function ModerationQueue<T extends PendingItem, D extends { situacao: string }>({
  queue,
  useDecide,
  texts,
  about,
  headingOrder,
  idPrefix,
}: {
  queue: UseQueryResult<{ data: T[]; total: number }>;
  useDecide: Decide<D>;
  texts: ModerationTexts<T, D>;
  /** The card's heading: what the comment is about (a link to the title, the library's name). */
  about: (item: T) => ReactNode;
  headingOrder: 2 | 3;
  idPrefix: string;
}) {
  const [done, setDone] = useState<D | null>(null);
  return (
    <>
      <Text>{texts.intro}</Text>
      {done && <Notice tone="success">{texts.done(done)}</Notice>}
      {queue.isPending ? (
        <LoadingBlock />
      ) : queue.isError ? (
        <ErrorBlock message={texts.loadError} onRetry={() => void queue.refetch()} />
      ) : queue.data.data.length === 0 ? (
        <Text>{texts.empty}</Text>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {texts.count(queue.data.total)}
          </Text>
          <Stack component="ul" gap="md" p={0} style={{ listStyle: 'none' }} aria-label={texts.listLabel}>
            {queue.data.data.map((item) => (
              <li key={item.codigo}>
                <PendingCard
                  item={item}
                  useDecide={useDecide}
                  texts={texts}
                  about={about}
                  headingOrder={headingOrder}
                  headingId={`${idPrefix}-${item.codigo}`}
                  onDecided={setDone}
                />
              </li>
            ))}
          </Stack>
        </>
      )}
    </>
  );
}

function PendingCard<T extends PendingItem, D>({
  item,
  useDecide,
  texts,
  about,
  headingOrder,
  headingId,
  onDecided,
}: {
  item: T;
  useDecide: Decide<D>;
  texts: ModerationTexts<T, D>;
  about: (item: T) => ReactNode;
  headingOrder: 2 | 3;
  headingId: string;
  onDecided: (decision: D) => void;
}) {
  const { t, i18n } = useTranslation();
  const decide = useDecide();
  const [refusing, setRefusing] = useState(false);
  const [approvalRefusal, setApprovalRefusal] = useState<string | null>(null);
  const form = useForm({
    initial: { reason: '' },
    validate: ({ reason }) => {
      const label = t('staff.comments.reason');
      const message = rules.required(reason, label, t) ?? rules.maxLength(reason, REASON_MAX, label, t);
      return message ? { reason: message } : {};
    },
    onSubmit: async ({ reason }) => {
      onDecided(await decide.mutateAsync({ id: item.codigo, reason: reason.trim() }));
    },
  });
  const approve = async () => {
    setApprovalRefusal(null);
    try {
      onDecided(await decide.mutateAsync({ id: item.codigo, reason: null }));
    } catch (error) {
      setApprovalRefusal(refusalOf(error, t));
    }
  };

  return (
    <Card withBorder component="article" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Title order={headingOrder} size="h4" id={headingId}>
          {about(item)}
        </Title>
        <Text size="sm" c="dimmed">
          {t('staff.comments.byline', {
            name: item.autor,
            login: item.login,
            date: formatDate(item.data_envio, i18n.language),
          })}
        </Text>
        <Text style={{ whiteSpace: 'pre-wrap' }}>{item.texto}</Text>
        <FormRefusal message={approvalRefusal} />
        {refusing ? (
          <form {...form.formProps} aria-label={texts.refuseFormLabel(item)}>
            <Stack gap="sm">
              <RequiredLegend />
              <TextAreaField
                label={t('staff.comments.reason')}
                description={t('staff.comments.reasonHelp')}
                required
                maxLength={REASON_MAX}
                {...form.field('reason')}
              />
              <FormRefusal message={form.refusal} />
              <Group gap="sm">
                <SubmitButton sending={form.sending}>{t('staff.comments.confirmRefuse')}</SubmitButton>
                <Button variant="subtle" onClick={() => setRefusing(false)}>
                  {t('staff.comments.cancel')}
                </Button>
              </Group>
            </Stack>
          </form>
        ) : (
          <Group gap="sm">
            <Button
              onClick={() => void approve()}
              loading={decide.isPending}
              aria-label={texts.approveOf(item)}
            >
              {t('staff.comments.approve')}
            </Button>
            <Button
              variant="outline"
              color="red"
              onClick={() => setRefusing(true)}
              aria-label={texts.refuseOf(item)}
            >
              {t('staff.comments.refuse')}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
