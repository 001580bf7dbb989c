import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Group, Stack, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { DESK_REASON_MAX, type Debt, type DeskPatron } from '@estante/contract';
import { FormRefusal, SubmitButton, TextField, rules, useForm } from '../../../../components/form';
import { Notice } from '../../../../components/ui/notice';
import { formatDate } from '../../../../lib/i18n';
import { usePayDebts } from '../api/pay-debts';
import { useWaiveDebt } from '../api/waive-debt';
import { formatMoney, parseAmount } from '../utils/money';
import { ScrollRegion } from '../../../../components/ui/scroll-region';

/** The patron's debts: a payment (oldest first), or one debt waived with a reason. */
export function DebtsSection({ patron }: { patron: DeskPatron }) {
  const { t, i18n } = useTranslation();
  const money = (value: number) => formatMoney(value, t, i18n.language);
  const [waiving, setWaiving] = useState<number | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const pay = usePayDebts();
  const payForm = useForm<{ amount: string }>({
    initial: { amount: '' },
    validate: (values) => {
      const label = t('staff.desk.debts.amount');
      const amount =
        rules.required(values.amount, label, t) ??
        (parseAmount(values.amount) === null ? t('staff.desk.debts.amountInvalid') : undefined);
      return amount ? { amount } : {};
    },
    onSubmit: async (values) => {
      setDone(null);
      const valor = parseAmount(values.amount)!;
      const settled = await pay.mutateAsync({ leitor: patron.login, valor });
      setDone(t('staff.desk.debts.paid', { amount: money(valor), left: money(settled.total_devido) }));
      payForm.reset();
    },
  });

  return (
    <Stack component="section" gap="sm" aria-labelledby="desk-debts-heading">
      <Title order={3} id="desk-debts-heading">
        {t('staff.desk.debts.heading')}
      </Title>
      {done && <Notice tone="success">{done}</Notice>}
      {patron.debitos.length === 0 ? (
        <Text size="sm">{t('staff.desk.debts.empty')}</Text>
      ) : (
        <>
          <ScrollRegion label={t('staff.desk.debts.heading')}>
            <Table striped>
              <Table.Caption>
                {t('staff.desk.debts.total', { amount: money(patron.total_devido) })}
              </Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('staff.desk.debts.date')}</Table.Th>
                  <Table.Th scope="col">{t('staff.desk.debts.reason')}</Table.Th>
                  <Table.Th scope="col">{t('staff.desk.debts.pending')}</Table.Th>
                  <Table.Th scope="col">
                    <VisuallyHidden>{t('staff.desk.debts.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {patron.debitos.map((debt) => (
                  <Table.Tr key={debt.cod_debito}>
                    <Table.Td>{formatDate(debt.data_debito, i18n.language)}</Table.Td>
                    <Table.Td>{debt.motivo}</Table.Td>
                    <Table.Td>{money(debt.valor_pendente)}</Table.Td>
                    <Table.Td>
                      <Button
                        size="xs"
                        variant="outline"
                        aria-label={t('staff.desk.debts.waiveOf', { reason: debt.motivo })}
                        aria-expanded={waiving === debt.cod_debito}
                        onClick={() => setWaiving(waiving === debt.cod_debito ? null : debt.cod_debito)}
                      >
                        {t('staff.desk.debts.waive')}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollRegion>
          {waiving !== null && (
            <WaiveForm
              key={waiving}
              patron={patron}
              debt={patron.debitos.find((d) => d.cod_debito === waiving)}
              onDone={(message) => {
                setWaiving(null);
                setDone(message);
              }}
              onCancel={() => setWaiving(null)}
            />
          )}
          <form {...payForm.formProps} aria-label={t('staff.desk.debts.payHeading')}>
            <Stack gap="xs" maw={420}>
              <TextField
                label={t('staff.desk.debts.amount')}
                description={t('staff.desk.debts.amountHelp')}
                required
                autoComplete="off"
                maxLength={12}
                {...payForm.field('amount')}
              />
              <FormRefusal message={payForm.refusal} />
              <SubmitButton sending={payForm.sending}>{t('staff.desk.debts.pay')}</SubmitButton>
            </Stack>
          </form>
        </>
      )}
    </Stack>
  );
}

function WaiveForm({
  patron,
  debt,
  onDone,
  onCancel,
}: {
  patron: DeskPatron;
  debt: Debt | undefined;
  onDone: (message: string) => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation();
  const waive = useWaiveDebt();
  const form = useForm<{ reason: string }>({
    initial: { reason: '' },
    validate: (values) => {
      const label = t('staff.desk.debts.waiveReason');
      const reason =
        rules.required(values.reason, label, t) ?? rules.maxLength(values.reason, DESK_REASON_MAX, label, t);
      return reason ? { reason } : {};
    },
    onSubmit: async (values) => {
      if (!debt) return;
      await waive.mutateAsync({
        leitor: patron.login,
        cod_debito: debt.cod_debito,
        motivo: values.reason.trim(),
      });
      onDone(
        t('staff.desk.debts.waived', {
          reason: debt.motivo,
          amount: formatMoney(debt.valor_pendente, t, i18n.language),
        }),
      );
    },
  });
  const field = form.field('reason');
  const reasonRef = useRef<HTMLInputElement>(null);
  useEffect(() => reasonRef.current?.focus(), []);
  if (!debt) return null;
  return (
    <form {...form.formProps} aria-label={t('staff.desk.debts.waiveOf', { reason: debt.motivo })}>
      <Stack gap="xs" maw={560}>
        <TextInput
          label={t('staff.desk.debts.waiveReason')}
          description={t('staff.desk.debts.waiveHelp')}
          withAsterisk
          aria-required
          ref={reasonRef}
          value={field.value}
          error={field.error}
          errorProps={{ role: 'alert' }}
          maxLength={DESK_REASON_MAX}
          onChange={(event) => field.onChange(event.currentTarget.value)}
        />
        <FormRefusal message={form.refusal} />
        <Group gap="sm">
          <SubmitButton sending={form.sending}>{t('staff.desk.debts.confirmWaive')}</SubmitButton>
          <Button variant="subtle" onClick={onCancel}>
            {t('staff.desk.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
