import { useTranslation } from 'react-i18next';

/** SPEC §6 activity 88: the product logo, an "Estante" wordmark drawn inline (books on a shelf). */
export function ProductLogo() {
  const { t } = useTranslation();
  return (
    <svg
      role="img"
      aria-label={t('chrome.footer.product')}
      width="132"
      height="32"
      viewBox="0 0 132 32"
      focusable="false"
    >
      <g fill="currentColor" aria-hidden="true">
        <rect x="2" y="6" width="5" height="20" rx="1" />
        <rect x="9" y="3" width="5" height="23" rx="1" />
        <rect x="16" y="8" width="5" height="18" rx="1" transform="rotate(-12 18.5 17)" />
        <rect x="0" y="27" width="26" height="2.5" rx="1" />
      </g>
      <text
        x="32"
        y="23"
        fill="currentColor"
        fontSize="20"
        fontWeight="700"
        fontFamily="system-ui, sans-serif"
        aria-hidden="true"
      >
        {t('app.name')}
      </text>
    </svg>
  );
}
