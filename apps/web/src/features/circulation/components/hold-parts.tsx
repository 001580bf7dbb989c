import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { CIRCULATION_ERROR, type Hold, type HoldInitialInfo, type HoldRequest } from '@estante/contract';
import { Notice } from '../../../components/ui/notice';
import { formatDate, translateKey } from '../../../lib/i18n';
import { chosenOrNull, NONE, type ChoiceValues } from './copy-choices';

/** The hold a pickup library and a set of choices ask for, as POST /reserva takes it. */
export function holdRequest(info: HoldInitialInfo, library: string, choices: ChoiceValues): HoldRequest {
  return {
    cod_acervo: info.cod_acervo,
    biblioteca: library === NONE ? null : Number(library),
    volume: chosenOrNull(choices.volume),
    tomo: chosenOrNull(choices.tomo),
    parte: chosenOrNull(choices.parte),
    material_adicional: chosenOrNull(choices.material_adicional),
    localizacao: chosenOrNull(choices.localizacao),
  };
}

/** The hold placed: the place taken in the queue (or the copy already set aside) and where to pick it up. */
export function HoldPlaced({
  placed,
  myHoldsHref,
  onClose,
}: {
  placed: Hold;
  myHoldsHref?: string | undefined;
  onClose?: (() => void) | undefined;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return (
    <Stack gap="sm" align="flex-start">
      <Notice tone="success" title={t('circulation.holds.form.placedTitle')}>
        <Stack gap={4}>
          <Text fw={700}>
            {placed.posicao_fila === null
              ? t('circulation.holds.form.placedReleased')
              : t('circulation.holds.form.placedPosition', { position: placed.posicao_fila })}
          </Text>
          <Text size="sm">
            {t('circulation.holds.form.placedText', {
              library: placed.biblioteca.desc_biblioteca,
              date: formatDate(placed.data_reserva, language),
            })}
          </Text>
        </Stack>
      </Notice>
      <Group gap="md">
        {myHoldsHref && (
          <Anchor component={Link} to={myHoldsHref}>
            {t('circulation.holds.form.myHolds')}
          </Anchor>
        )}
        {onClose && (
          <Button variant="default" onClick={onClose}>
            {t('common.close')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/** A title that cannot be held now says why; with a copy on the shelf it offers the loan request instead. */
export function HoldRefused({
  info,
  loanRequestHref,
  onClose,
}: {
  info: HoldInitialInfo;
  loanRequestHref?: string | undefined;
  onClose?: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  const isOnShelf = info.motivo?.codigo === CIRCULATION_ERROR.HOLD_COPY_AVAILABLE.code;
  return (
    <Stack gap="sm" align="flex-start">
      <Notice tone="refusal">
        {info.motivo ? translateKey(t, info.motivo.mensagem) : t('circulation.holds.form.notPossible')}
      </Notice>
      {isOnShelf && loanRequestHref && (
        <Anchor component={Link} to={loanRequestHref}>
          {t('circulation.holds.form.requestInstead')}
        </Anchor>
      )}
      {onClose && (
        <Button variant="default" onClick={onClose}>
          {t('common.close')}
        </Button>
      )}
    </Stack>
  );
}
