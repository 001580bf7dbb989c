import { useTranslation } from 'react-i18next';
import { Badge } from '@mantine/core';
import type { TitleCommentState } from '@estante/contract';

/** Translation keys of the comment states (SPEC §4), spelled out so the key check sees them. */
const STATE_LABEL = {
  pendente: 'comments.state.pending',
  aprovado: 'comments.state.approved',
  recusado: 'comments.state.refused',
} as const satisfies Record<TitleCommentState, string>;

const STATE_COLOR: Record<TitleCommentState, string> = {
  pendente: 'yellow',
  aprovado: 'green',
  recusado: 'red',
};

/** A comment's state in words (the colour only repeats them). */
export function CommentState({ state }: { state: TitleCommentState }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATE_COLOR[state]} variant="light" radius="sm" tt="none">
      {t(STATE_LABEL[state])}
    </Badge>
  );
}
