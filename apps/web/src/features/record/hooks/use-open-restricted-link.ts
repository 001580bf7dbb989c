import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { notifications } from '@mantine/notifications';
import type { OnlineLink } from '@estante/contract';
import { paths } from '../../../config/paths';
import { handleApiError, NOTIFICATION_AUTO_CLOSE_MS } from '../../../lib/error-handler';
import { openRestrictedLink } from '../api/open-restricted-link';
import { describeBrowser } from '../utils/browser-description';
import { stashPublisherForm } from '../utils/publisher-form';

/** Sends a tab opened for the link somewhere, or this tab when the browser blocked the new one. */
function go(tab: Window | null, href: string, { external }: { external: boolean }) {
  if (!tab) {
    window.location.assign(href);
    return;
  }
  // The publisher's page must not reach back into the catalogue's tab.
  if (external) tab.opener = null;
  tab.location.href = href;
}

/**
 * Opens a restricted online link (SPEC §7 /vinculos/acesso-restrito, §8): the new tab is opened at
 * the click (so browsers allow it), an info toast asks the patron to wait, then the tab goes to the
 * URL the server gave, or to the /pearson page that posts a publisher's signed form. A refusal
 * closes the tab and goes to the central error handler.
 */
export function useOpenRestrictedLink(titleId: number, userId: number | string | null) {
  const { t } = useTranslation();
  return useCallback(
    (link: OnlineLink) => {
      const tab = window.open('about:blank', '_blank');
      notifications.show({
        color: 'blue',
        title: t('record.links.waitTitle'),
        message: t('record.links.wait'),
        autoClose: NOTIFICATION_AUTO_CLOSE_MS,
        closeButtonProps: { 'aria-label': t('errors.close') },
      });
      openRestrictedLink(titleId, link.seq_paragrafo, { userId, ...describeBrowser() })
        .then((answer) => {
          if ('url' in answer) go(tab, answer.url, { external: true });
          else
            go(tab, paths.pearson.getHref(stashPublisherForm(answer.editora, answer.dados)), {
              external: false,
            });
        })
        .catch((error: unknown) => {
          tab?.close();
          handleApiError(error);
        });
    },
    [t, titleId, userId],
  );
}
