import { lazy, Suspense } from 'react';
import { Modal } from '../../../components/ui/lazy-overlays';
import { withAllTexts } from '../../../lib/i18n';

// Issue 18, a light first load: the message and DOMPurify, which cleans it, are their own chunk,
// fetched when the pop-up first opens.
const SupportMessage = lazy(async () => ({
  default: (await withAllTexts(import('./support-message'))).SupportMessage,
}));

interface SupportModalProps {
  title: string;
  /** The institution's support message (HTML from settings), sanitised before it is shown. */
  html: string;
  opened: boolean;
  onClose: () => void;
}

/** SPEC "Page chrome": the support pop-up with the institution's own HTML, sanitised with DOMPurify. */
export function SupportModal({ title, html, opened, onClose }: SupportModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title}>
      <Suspense fallback={<div aria-busy="true" style={{ minHeight: 48 }} />}>
        <SupportMessage html={html} />
      </Suspense>
    </Modal>
  );
}
