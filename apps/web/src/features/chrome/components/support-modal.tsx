import { useMemo } from 'react';
import { Modal, Typography } from '@mantine/core';
import { sanitizeHtml } from '../../../lib/sanitize-html';

interface SupportModalProps {
  title: string;
  /** The institution's support message (HTML from settings), sanitised before it is shown. */
  html: string;
  opened: boolean;
  onClose: () => void;
}

/** SPEC "Page chrome": the support pop-up with the institution's own HTML, sanitised with DOMPurify. */
export function SupportModal({ title, html, opened, onClose }: SupportModalProps) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return (
    <Modal opened={opened} onClose={onClose} title={title}>
      <Typography>
        {/* Safe: sanitised by DOMPurify just above. */}
        <div dangerouslySetInnerHTML={{ __html: clean }} />
      </Typography>
    </Modal>
  );
}
