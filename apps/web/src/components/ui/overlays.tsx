import { useEffect, useState, type ComponentProps } from 'react';
import { Drawer, Modal } from '@mantine/core';

// The code of Mantine's Modal and Drawer (their focus trap, scroll lock, transitions and the
// Drawer's scroll area), in a chunk of its own: lazy-overlays.tsx fetches it when one first opens.

/**
 * True from the render after the first one. A dialog that arrives already open would not note which
 * control had the focus (Mantine notes it when `opened` turns true), so it mounts closed and opens
 * right after, and the focus goes back to that control when it closes.
 */
function useMounted(): boolean {
  const [isMounted, setIsMounted] = useState(false);
  useEffect(() => {
    let isCurrent = true;
    // Right after the closed render has been committed (not within it, so Mantine sees the change).
    queueMicrotask(() => {
      if (isCurrent) setIsMounted(true);
    });
    return () => {
      isCurrent = false;
    };
  }, []);
  return isMounted;
}

export function LoadedModal(props: ComponentProps<typeof Modal>) {
  const isMounted = useMounted();
  return <Modal {...props} opened={props.opened && isMounted} />;
}

export function LoadedDrawer(props: ComponentProps<typeof Drawer>) {
  const isMounted = useMounted();
  return <Drawer {...props} opened={props.opened && isMounted} />;
}
