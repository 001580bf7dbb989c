import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Image } from '@mantine/core';

interface TitleCoverProps {
  title: string;
  /** The title's own cover (link_capa), if any. */
  coverUrl: string | null;
  /** The institution's default image, used when there is no cover or it fails to load. */
  defaultUrl: string | undefined;
}

/** The cover of a title, or the default image when it has none. */
export function TitleCover({ title, coverUrl, defaultUrl }: TitleCoverProps) {
  const { t } = useTranslation();
  const [hasFailed, setHasFailed] = useState(false);
  const usesOwnCover = !!coverUrl && !hasFailed;
  const src = usesOwnCover ? coverUrl : defaultUrl;
  if (!src) return null;
  return (
    <Image
      src={src}
      alt={usesOwnCover ? t('record.cover.alt', { title }) : t('record.cover.defaultAlt', { title })}
      w={140}
      maw="100%"
      radius="sm"
      loading="lazy"
      onError={() => setHasFailed(true)}
    />
  );
}
