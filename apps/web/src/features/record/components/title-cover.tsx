import { useTranslation } from 'react-i18next';
import { Cover } from '../../../components/ui/cover';

interface TitleCoverProps {
  title: string;
  author: string | null;
  /** The title's own cover (link_capa), if any. */
  coverUrl: string | null;
  /** Its cover from the institution's provider by ISBN, tried after its own. */
  isbnCoverUrl?: string | null | undefined;
}

/**
 * The record's cover, in a box of fixed size (decision 0070): its own cover, then the provider's by
 * ISBN, else one drawn from the title and author — decorative, as the heading names the title.
 */
export function TitleCover({ title, author, coverUrl, isbnCoverUrl }: TitleCoverProps) {
  const { t } = useTranslation();
  return (
    <Cover
      title={title}
      author={author}
      sources={[coverUrl, isbnCoverUrl].filter((src): src is string => !!src)}
      size="record"
      alt={t('record.cover.alt', { title })}
    />
  );
}
