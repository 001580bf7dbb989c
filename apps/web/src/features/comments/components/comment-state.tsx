import { useTranslation } from 'react-i18next';
import { Text } from '@mantine/core';
import type { TitleCommentState } from '@estante/contract';

/** Translation keys of the comment states (SPEC §4), spelled out so the key check sees them. */
const STATE_LABEL = {
  pendente: 'comments.state.pending',
  aprovado: 'comments.state.approved',
  recusado: 'comments.state.refused',
} as const satisfies Record<TitleCommentState, string>;

/** A comment's state in words, in the text colour (readable in every colour scheme). */
export function CommentState({ state }: { state: TitleCommentState }) {
  const { t } = useTranslation();
  return (
    <Text span size="sm" fw={700}>
      {t(STATE_LABEL[state])}
    </Text>
  );
}
