import { lazy, Suspense, useState, type ComponentProps } from 'react';
import type * as Overlays from './overlays';

// Issue 18, a light first load: the pop-ups of the first screen (sign-in, confirmations, the
// footer's forms, the phone's filter drawer) use these instead of Mantine's Modal and Drawer, whose
// code is fetched when one first opens (decision 0069). Until then nothing is drawn, as a closed
// Mantine modal draws nothing.

const LoadedModal = lazy(async () => ({ default: (await import('./overlays')).LoadedModal }));
const LoadedDrawer = lazy(async () => ({ default: (await import('./overlays')).LoadedDrawer }));

/** True once `opened` has been true: the overlay then stays mounted, so it can close with its transition. */
function useOpenedOnce(opened: boolean): boolean {
  const [hasOpened, setHasOpened] = useState(opened);
  // Derived state, set while rendering (React's documented pattern): no extra closed render.
  if (opened && !hasOpened) setHasOpened(true);
  return hasOpened || opened;
}

/** Mantine's Modal, whose code loads when it first opens. */
export function Modal(props: ComponentProps<typeof Overlays.LoadedModal>) {
  if (!useOpenedOnce(props.opened)) return null;
  return (
    <Suspense fallback={null}>
      <LoadedModal {...props} />
    </Suspense>
  );
}

/** Mantine's Drawer, whose code loads when it first opens. */
export function Drawer(props: ComponentProps<typeof Overlays.LoadedDrawer>) {
  if (!useOpenedOnce(props.opened)) return null;
  return (
    <Suspense fallback={null}>
      <LoadedDrawer {...props} />
    </Suspense>
  );
}
