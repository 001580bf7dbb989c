import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/lazy-overlays';
import { paths } from '../../../config/paths';
import type { Session } from '../utils/session';
import type { SignInSettings } from './sign-in-form';
import { withAllTexts } from '../../../lib/i18n';

// Issue 18, a light first load: the form (with the captcha, the password recovery and the second
// factor) is its own chunk, fetched when the modal first opens. Meanwhile the modal keeps about
// the form's height, so it does not grow under the reader's eyes.
const SignInForm = lazy(async () => ({ default: (await withAllTexts(import('./sign-in-form'))).SignInForm }));

/** Options of one opening of the login modal. */
export interface LoginModalOptions {
  /** Runs after the patron has signed in and the modal has closed (e.g. go on placing the hold). */
  onSignedIn?: (session: Session) => void;
}

interface LoginModalContextValue {
  open: (options?: LoginModalOptions) => void;
}

const LoginModalContext = createContext<LoginModalContextValue | null>(null);

/**
 * Hosts the sign-in modal (SPEC §2: the sign-in screen as a modal) for every page under it; screens
 * open it with `useLoginModal()`.
 */
export function LoginModalProvider({
  settings,
  children,
}: {
  settings: SignInSettings;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const [opened, setOpened] = useState(false);
  // Each opening gets a fresh form (nothing typed before survives a close).
  const [openings, setOpenings] = useState(0);
  const options = useRef<LoginModalOptions>({});

  const open = useCallback((next: LoginModalOptions = {}) => {
    options.current = next;
    setOpenings((count) => count + 1);
    setOpened(true);
  }, []);
  const value = useMemo(() => ({ open }), [open]);

  return (
    <LoginModalContext.Provider value={value}>
      {children}
      <Modal opened={opened} onClose={() => setOpened(false)} title={t('identity.login.title')}>
        <Suspense fallback={<div aria-busy="true" style={{ minHeight: 280 }} />}>
          <SignInForm
            key={openings}
            settings={settings}
            autoFocus
            // Single sign-on leaves the page: it comes back to the page the modal was opened on.
            returnTo={location.pathname + location.search}
            onSignedIn={({ session }) => {
              setOpened(false);
              options.current.onSignedIn?.(session);
            }}
          />
        </Suspense>
      </Modal>
    </LoginModalContext.Provider>
  );
}

/**
 * Opens the sign-in modal: `const { openLoginModal } = useLoginModal(); openLoginModal({ onSignedIn })`.
 * Outside a LoginModalProvider it goes to the full-page login, which returns here afterwards.
 */
export function useLoginModal(): { openLoginModal: (options?: LoginModalOptions) => void } {
  const context = useContext(LoginModalContext);
  const navigate = useNavigate();
  const location = useLocation();
  const openLoginModal = useCallback(
    (options?: LoginModalOptions) => {
      if (context) context.open(options);
      else void navigate(paths.login.getHref(location.pathname + location.search));
    },
    [context, navigate, location.pathname, location.search],
  );
  return { openLoginModal };
}
