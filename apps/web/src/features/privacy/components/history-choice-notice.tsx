import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Anchor, Text } from '@mantine/core';
import { Notice } from '../../../components/ui/notice';
import { usePrivacy } from '../api/get-privacy';

/**
 * Said on the loan history screen when the patron keeps no loan history (decision 0045), so an
 * emptier history is not a surprise: returned loans leave it; open loans and loans returned before
 * the choice stay. Nothing while the privacy data loads, fails, or the history is kept.
 */
export function HistoryChoiceNotice({ privacyHref }: { privacyHref?: string | undefined }) {
  const { t } = useTranslation();
  const privacy = usePrivacy();
  if (!privacy.data || privacy.data.escolhas.manter_historico) return null;
  return (
    <Notice tone="info">
      <Text size="sm">{t('privacy.historyOff')}</Text>
      {privacyHref && (
        <Anchor component={Link} to={privacyHref} size="sm">
          {t('privacy.historyOffLink')}
        </Anchor>
      )}
    </Notice>
  );
}
