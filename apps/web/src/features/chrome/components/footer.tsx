import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Anchor, Box, Container, Group, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { ACTIVITY, type ActivityPermission } from '@estante/contract';
import { useInstitution } from '../api/get-institution';
import { useFunctionalities } from '../api/get-functionalities';
import { isWebAddress } from '../../../lib/web-address';
import { paths } from '../../../config/paths';
import { FeedbackModal } from './feedback-modal';
import { ProductLogo } from './product-logo';
import { SupportModal } from './support-modal';
import classes from './chrome.module.css';
import { withAllTexts } from '../../../lib/i18n';

// Issue 18, a light first load: the comment and suggestion forms are their own chunks, fetched when
// their pop-up first opens for a signed-in patron; meanwhile the pop-up keeps about a form's height.
const CommentForm = lazy(async () => ({
  default: (await withAllTexts(import('./comment-form'))).CommentForm,
}));
const SuggestionForm = lazy(async () => ({
  default: (await withAllTexts(import('./suggestion-form'))).SuggestionForm,
}));
const formFallback = <div aria-busy="true" style={{ minHeight: 240 }} />;

/**
 * SPEC §2/§9 minimum browsers: "{ip}, 110.0.1, {ip}". The two {ip} are unspecified placeholders; we
 * name the browsers of the same generation as Firefox 110.0.1 (early 2023).
 */
export const MINIMUM_BROWSER_VERSIONS = { chrome: '110', firefox: '110.0.1', safari: '16' } as const;

type OpenModal = 'comments' | 'suggestion' | 'support' | null;

/**
 * Page footer (SPEC "Page chrome"): comment (activity 13) and suggestion (activity 12) pop-ups, the
 * external link (57) and the network catalogue (87) when their addresses are set, the data-protection
 * link and the support pop-up when configured, copyright, minimum browsers and, with activity 88, the
 * product logo.
 */
interface FooterProps {
  /** Copyright year; the current one by default. */
  year?: number;
  /** Whether a patron is signed in: the pop-ups then show their forms instead of the login prompt. */
  isSignedIn?: boolean;
  /**
   * Opens the sign-in (the app passes the login modal); `resume` reopens the pop-up once the patron
   * has signed in. Without it the prompt links to the login page with the way back.
   */
  onSignInRequest?: (resume: () => void) => void;
}

export function Footer({
  year = new Date().getFullYear(),
  isSignedIn = false,
  onSignInRequest,
}: FooterProps) {
  const { t } = useTranslation();
  const institution = useInstitution();
  const activities = useFunctionalities();
  const [openModal, setOpenModal] = useState<OpenModal>(null);
  const activity = (code: number): ActivityPermission | undefined =>
    activities.find((item) => item.cod_atividade === code);
  const comments = activity(ACTIVITY.COMMENTS);
  const suggestion = activity(ACTIVITY.SUGGESTION);
  const showsProductLogo = !!activity(ACTIVITY.PRODUCT_LOGO);
  const dataProtectionLink = isWebAddress(institution.link_lgpd) ? institution.link_lgpd : null;
  // SPEC §6 activities 57 and 87: each link shows when its activity is on and the institution has
  // given its address (decision 0016); the institution's own text, else ours.
  const outwardLinks = [
    {
      key: 'external-link',
      isOn: !!activity(ACTIVITY.EXTERNAL_LINK),
      href: institution.link_externo,
      label: institution.desc_link_externo ?? t('chrome.footer.externalLink'),
    },
    {
      key: 'network-catalogue',
      isOn: !!activity(ACTIVITY.NETWORK_CATALOGUE),
      href: institution.link_catalogo_rede,
      label: institution.desc_link_catalogo_rede ?? t('chrome.footer.networkCatalogue'),
    },
  ];
  const supportMessage = institution.msg_suporte_consulta?.trim() ? institution.msg_suporte_consulta : null;
  const close = () => setOpenModal(null);
  // The login prompt of a pop-up: sign in without leaving the page, then the same pop-up again.
  const signInThenReopen = (which: OpenModal) =>
    onSignInRequest
      ? () => {
          close();
          onSignInRequest(() => setOpenModal(which));
        }
      : undefined;

  const links = [
    comments && (
      <li key="comments">
        <UnstyledButton className={classes.footerLink} onClick={() => setOpenModal('comments')}>
          {t('chrome.footer.comments')}
        </UnstyledButton>
      </li>
    ),
    suggestion && (
      <li key="suggestion">
        <UnstyledButton className={classes.footerLink} onClick={() => setOpenModal('suggestion')}>
          {t('chrome.footer.suggestion')}
        </UnstyledButton>
      </li>
    ),
    ...outwardLinks.map(
      (link) =>
        link.isOn &&
        isWebAddress(link.href) && (
          <li key={link.key}>
            <Anchor href={link.href} target="_blank" rel="noopener noreferrer" className={classes.footerLink}>
              {link.label}
              <VisuallyHidden>{t('chrome.footer.newTab')}</VisuallyHidden>
            </Anchor>
          </li>
        ),
    ),
    dataProtectionLink && (
      <li key="data-protection">
        <Anchor
          href={dataProtectionLink}
          target="_blank"
          rel="noopener noreferrer"
          className={classes.footerLink}
        >
          {t('chrome.footer.dataProtection')}
          <VisuallyHidden>{t('chrome.footer.newTab')}</VisuallyHidden>
        </Anchor>
      </li>
    ),
    supportMessage && (
      <li key="support">
        <UnstyledButton className={classes.footerLink} onClick={() => setOpenModal('support')}>
          {t('chrome.footer.support')}
        </UnstyledButton>
      </li>
    ),
  ].filter(Boolean);

  // Institution pages (decision 0013): each says so itself when the library has not written it yet.
  const institutionLinks = [
    { href: paths.generalInformation.getHref(), label: t('chrome.footer.generalInformation') },
    { href: paths.openingHours.getHref(), label: t('chrome.footer.openingHours') },
    { href: paths.faq.getHref(), label: t('chrome.footer.faq') },
    { href: paths.events.getHref(), label: t('chrome.footer.events') },
    { href: paths.eventsCalendar.getHref(), label: t('chrome.footer.calendar') },
  ];

  return (
    <Box component="footer" className={classes.footer}>
      <Container size="lg" py="md">
        <Stack gap="sm">
          <nav aria-label={t('chrome.footer.institutionLabel')}>
            <ul className={classes.footerLinks}>
              {institutionLinks.map((link) => (
                <li key={link.href}>
                  <Anchor component={Link} to={link.href} className={classes.footerLink}>
                    {link.label}
                  </Anchor>
                </li>
              ))}
            </ul>
          </nav>
          {links.length > 0 && (
            <nav aria-label={t('chrome.footer.label')}>
              <ul className={classes.footerLinks}>{links}</ul>
            </nav>
          )}
          <Group justify="space-between" align="center" gap="sm" wrap="wrap">
            <Stack gap={4}>
              <Text size="sm">{t('chrome.footer.copyright', { year, institution: institution.nome })}</Text>
              <Text size="sm">{t('chrome.footer.browsers', MINIMUM_BROWSER_VERSIONS)}</Text>
            </Stack>
            {showsProductLogo && <ProductLogo />}
          </Group>
        </Stack>
      </Container>
      {comments && (
        <FeedbackModal
          title={comments.descricao}
          opened={openModal === 'comments'}
          onClose={close}
          isSignedIn={isSignedIn}
          onSignIn={signInThenReopen('comments')}
          form={
            <Suspense fallback={formFallback}>
              <CommentForm onClose={close} />
            </Suspense>
          }
        />
      )}
      {suggestion && (
        <FeedbackModal
          title={suggestion.descricao}
          opened={openModal === 'suggestion'}
          onClose={close}
          isSignedIn={isSignedIn}
          onSignIn={signInThenReopen('suggestion')}
          form={
            <Suspense fallback={formFallback}>
              <SuggestionForm onClose={close} />
            </Suspense>
          }
        />
      )}
      {supportMessage && (
        <SupportModal
          title={t('chrome.footer.supportTitle')}
          html={supportMessage}
          opened={openModal === 'support'}
          onClose={close}
        />
      )}
    </Box>
  );
}
