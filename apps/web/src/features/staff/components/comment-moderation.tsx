import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Anchor, Stack, Title } from '@mantine/core';
import { paths } from '../../../config/paths';
import { useDecideComment, usePendingComments } from '../api/moderate-comments';
import { useDecideGeneralComment, usePendingGeneralComments } from '../requests/api';
import { ModerationQueue } from './moderation-queue';

/**
 * Comment moderation (decisions 0055, 0061): the title comments awaiting approval, then the general
 * comments sent to a library from the footer — one queue each, approved or refused with a reason
 * its author reads.
 */
export function CommentModeration() {
  const { t } = useTranslation();
  const titleComments = usePendingComments();
  const generalComments = usePendingGeneralComments();
  return (
    <Stack gap="md">
      <ModerationQueue
        queue={titleComments}
        useDecide={useDecideComment}
        idPrefix="pending-comment"
        headingOrder={2}
        about={(comment) => (
          <Anchor component={Link} to={paths.title.getHref(comment.cod_acervo)}>
            {comment.titulo}
          </Anchor>
        )}
        texts={{
          intro: t('staff.comments.intro'),
          loadError: t('staff.comments.loadError'),
          empty: t('staff.comments.empty'),
          count: (count) => t('staff.comments.count', { count }),
          listLabel: t('staff.comments.listLabel'),
          done: (decision) =>
            decision.situacao === 'aprovado'
              ? t('staff.comments.approved', { title: decision.titulo })
              : t('staff.comments.refused', { title: decision.titulo }),
          approveOf: (c) => t('staff.comments.approveOf', { title: c.titulo, name: c.autor }),
          refuseOf: (c) => t('staff.comments.refuseOf', { title: c.titulo, name: c.autor }),
          refuseFormLabel: (c) => t('staff.comments.refuseFormLabel', { title: c.titulo }),
        }}
      />
      <Stack gap="md" component="section" aria-labelledby="general-comments-heading">
        <Title order={2} id="general-comments-heading">
          {t('staff.generalComments.heading')}
        </Title>
        <ModerationQueue
          queue={generalComments}
          useDecide={useDecideGeneralComment}
          idPrefix="general-comment"
          headingOrder={3}
          about={(comment) => t('staff.generalComments.to', { library: comment.biblioteca.desc_biblioteca })}
          texts={{
            intro: t('staff.generalComments.intro'),
            loadError: t('staff.generalComments.loadError'),
            empty: t('staff.generalComments.empty'),
            count: (count) => t('staff.generalComments.count', { count }),
            listLabel: t('staff.generalComments.listLabel'),
            done: (decision) =>
              decision.situacao === 'aprovado'
                ? t('staff.generalComments.approved', { library: decision.biblioteca.desc_biblioteca })
                : t('staff.generalComments.refused', { library: decision.biblioteca.desc_biblioteca }),
            approveOf: (c) =>
              t('staff.generalComments.approveOf', { library: c.biblioteca.desc_biblioteca, name: c.autor }),
            refuseOf: (c) =>
              t('staff.generalComments.refuseOf', { library: c.biblioteca.desc_biblioteca, name: c.autor }),
            refuseFormLabel: (c) =>
              t('staff.generalComments.refuseFormLabel', { library: c.biblioteca.desc_biblioteca }),
          }}
        />
      </Stack>
    </Stack>
  );
}
