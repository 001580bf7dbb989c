import { useEffect, useRef, useState } from 'react';

/**
 * After a refused submit, moves the focus to the first field marked invalid, so its message is read
 * with it (the form keeps everything typed). `reportErrors()` is called once per refused submit.
 */
export function useFocusFirstError<T extends HTMLElement = HTMLFormElement>() {
  const containerRef = useRef<T>(null);
  const [refusedSubmits, setRefusedSubmits] = useState(0);
  useEffect(() => {
    if (refusedSubmits === 0) return;
    containerRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusedSubmits]);
  return { containerRef, reportErrors: () => setRefusedSubmits((n) => n + 1) };
}
