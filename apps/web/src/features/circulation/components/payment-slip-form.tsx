import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Code, Group, NativeSelect, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import type { Debt, PaymentSlip } from '@estante/contract';
import { formatDate } from '../../../lib/i18n';
import { saveFile } from '../../../lib/save-file';
import { requestPaymentSlip } from '../api/request-payment-slip';
import { amountInput, formatMoney, parseAmount, sumMoney } from '../utils/money';
import { pdfBlob } from '../utils/pdf-file';
import { refusalOf } from '../../../components/form/refusal';
import { Notice } from '../../../components/ui/notice';
import { DetailList, detailClasses } from './detail-list';

/** A library the patron owes, and how much. */
interface Owed {
  id: number;
  name: string;
  amount: number;
}

/** What is owed at each library, in the order the debts come (oldest first). */
export function owedByLibrary(debts: readonly Debt[]): Owed[] {
  const byId = new Map<number, { name: string; amounts: number[] }>();
  for (const debt of debts) {
    if (!debt.biblioteca || debt.valor_pendente <= 0) continue;
    const entry = byId.get(debt.biblioteca.cod_biblioteca) ?? {
      name: debt.biblioteca.desc_biblioteca,
      amounts: [],
    };
    entry.amounts.push(debt.valor_pendente);
    byId.set(debt.biblioteca.cod_biblioteca, entry);
  }
  return [...byId].map(([id, { name, amounts }]) => ({ id, name, amount: sumMoney(amounts) }));
}

/** The slip the server made: number, amount, due day, typed line and its PDF. */
function SlipResult({ slip }: { slip: PaymentSlip }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return (
    <Paper withBorder p="md" radius="sm" component="section" aria-labelledby="payment-slip-result">
      <Stack gap="sm">
        <Title order={3} fz="h4" id="payment-slip-result">
          {t('circulation.debts.slip.resultHeading', { number: slip.numero })}
        </Title>
        <DetailList
          rows={[
            { key: 'number', label: t('circulation.debts.slip.number'), value: slip.numero },
            {
              key: 'value',
              label: t('circulation.debts.slip.value'),
              value: formatMoney(slip.valor, t, language),
            },
            {
              key: 'due',
              label: t('circulation.debts.slip.dueDate'),
              value: formatDate(slip.vencimento, language),
            },
            {
              key: 'library',
              label: t('circulation.debts.slip.library'),
              value: slip.biblioteca.desc_biblioteca,
            },
            {
              key: 'line',
              label: t('circulation.debts.slip.typedLine'),
              value: <Code className={detailClasses.typedLine}>{slip.linha_digitavel}</Code>,
            },
          ]}
        />
        <Group>
          <Button variant="light" onClick={() => saveFile(pdfBlob(slip.pdf), slip.nome_arquivo)}>
            {t('circulation.debts.slip.download')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * The payment slip request (SPEC §7 POST /unidade-informacao/gru {valor, codBiblioteca}): choose a
 * library the patron owes, an amount up to what is owed there (all of it by default). A refusal
 * (SLIP_NOTHING_DUE, SLIP_AMOUNT_INVALID) is shown in the patron's language and the form keeps what
 * was typed.
 */
export function PaymentSlipForm({ debts }: { debts: readonly Debt[] }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const libraries = owedByLibrary(debts);
  const [chosenId, setChosenId] = useState<number | null>(null);
  // Null until the patron types: the amount then follows the library chosen.
  const [typed, setTyped] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [slip, setSlip] = useState<PaymentSlip | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  const chosen = libraries.find((library) => library.id === chosenId) ?? libraries[0];
  if (!chosen) return null;
  const amountText = typed ?? amountInput(chosen.amount, language);
  const max = formatMoney(chosen.amount, t, language);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const amount = parseAmount(amountText);
    if (amount === null || amount <= 0 || amount > chosen.amount) {
      setFieldError(t('circulation.debts.slip.amountInvalid', { max }));
      return;
    }
    setFieldError(null);
    setRefusal(null);
    setSlip(null);
    setIsBusy(true);
    try {
      setSlip(await requestPaymentSlip({ valor: amount, codBiblioteca: chosen.id }));
    } catch (error) {
      // SPEC §8: a 422's message is a translation key; shown here, next to the form it is about.
      setRefusal(refusalOf(error, t));
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <Stack gap="md" component="section" aria-labelledby="payment-slip-heading">
      <Title order={2} fz="h3" id="payment-slip-heading">
        {t('circulation.debts.slip.heading')}
      </Title>
      <Text>{t('circulation.debts.slip.intro')}</Text>
      <form onSubmit={(event) => void submit(event)} noValidate aria-labelledby="payment-slip-heading">
        <Stack gap="sm" maw={560}>
          <NativeSelect
            label={t('circulation.debts.slip.library')}
            value={String(chosen.id)}
            onChange={(event) => {
              setChosenId(Number(event.currentTarget.value));
              setFieldError(null);
            }}
            data={libraries.map((library) => ({
              value: String(library.id),
              label: t('circulation.debts.slip.libraryOption', {
                library: library.name,
                amount: formatMoney(library.amount, t, language),
              }),
            }))}
          />
          <TextInput
            label={t('circulation.debts.slip.amount')}
            description={t('circulation.debts.slip.amountHint', { max })}
            value={amountText}
            onChange={(event) => setTyped(event.currentTarget.value)}
            error={fieldError}
            inputMode="decimal"
            autoComplete="off"
            required
          />
          {refusal && (
            <Notice tone="refusal" title={t('circulation.debts.slip.failed')}>
              {refusal}
            </Notice>
          )}
          <Group>
            <Button type="submit" loading={isBusy}>
              {t('circulation.debts.slip.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
      <Text role="status" aria-live="polite">
        {slip ? t('circulation.debts.slip.created', { number: slip.numero }) : ''}
      </Text>
      {slip && <SlipResult slip={slip} />}
    </Stack>
  );
}
