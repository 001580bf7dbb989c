import type { ReactNode } from 'react';
import { Alert } from '@mantine/core';

const TONE = { success: 'green', refusal: 'yellow', info: 'blue' } as const;

/**
 * A message in the page: an outcome (announced politely) or a refusal (announced at once). The
 * title takes the text colour, as Mantine's light tones would fall below 4.5:1 on their background.
 */
export function Notice({
  tone,
  title,
  children,
}: {
  tone: keyof typeof TONE;
  title?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Alert
      color={TONE[tone]}
      variant="light"
      role={tone === 'refusal' ? 'alert' : 'status'}
      title={title}
      w="100%"
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
    >
      {children}
    </Alert>
  );
}
