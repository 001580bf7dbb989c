import type { ReactNode } from 'react';
import { Button } from '@mantine/core';

/**
 * A previous/next control that stays focusable at the end of the list (marked unavailable), so the
 * keyboard focus is not lost when the last page is reached.
 */
export function PageButton({
  isAvailable,
  onClick,
  children,
}: {
  isAvailable: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Button
      size="compact-sm"
      variant="default"
      aria-disabled={!isAvailable}
      data-disabled={!isAvailable || undefined}
      onClick={() => {
        if (isAvailable) onClick();
      }}
    >
      {children}
    </Button>
  );
}
