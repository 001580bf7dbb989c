import { useTranslation } from 'react-i18next';
import { Cover } from '../../../components/ui/cover';

interface TitleCoverProps {
  title: string;
  author: string | null;
  /** The title's own cover (link_capa), if any. */
  coverUrl: string | null;
}

/**
 * The record's cover, in a box of fixed size (decision 0070): its own cover, else one drawn from the
 * title and author — decorative, as the heading names the title.
 */
export function TitleCover({ title, author, coverUrl }: TitleCoverProps) {
  const { t } = useTranslation();
  return (
    <Cover
      title={title}
      author={author}
      sources={coverUrl ? [coverUrl] : []}
      size="record"
      alt={t('record.cover.alt', { title })}
    />
  );
}
