/** A small flag drawn inline (emoji flags do not render everywhere); decorative, the language name labels it. */
export function FlagIcon({ language }: { language: string }) {
  const common = {
    width: 20,
    height: 14,
    viewBox: '0 0 20 14',
    'aria-hidden': true,
    focusable: false,
  } as const;
  switch (language) {
    case 'pt':
      return (
        <svg {...common}>
          <rect width="20" height="14" fill="#009c3b" />
          <path d="M10 1.6 18.2 7 10 12.4 1.8 7z" fill="#ffdf00" />
          <circle cx="10" cy="7" r="3" fill="#002776" />
        </svg>
      );
    case 'en':
      return (
        <svg {...common}>
          <rect width="20" height="14" fill="#012169" />
          <path d="M0 0 20 14M20 0 0 14" stroke="#fff" strokeWidth="2.8" />
          <path d="M0 0 20 14M20 0 0 14" stroke="#c8102e" strokeWidth="1" />
          <path d="M10 0v14M0 7h20" stroke="#fff" strokeWidth="4.2" />
          <path d="M10 0v14M0 7h20" stroke="#c8102e" strokeWidth="2.4" />
        </svg>
      );
    case 'es':
      return (
        <svg {...common}>
          <rect width="20" height="14" fill="#aa151b" />
          <rect y="3.5" width="20" height="7" fill="#f1bf00" />
        </svg>
      );
    case 'fr':
      return (
        <svg {...common}>
          <rect width="20" height="14" fill="#fff" />
          <rect width="6.67" height="14" fill="#002395" />
          <rect x="13.33" width="6.67" height="14" fill="#ed2939" />
        </svg>
      );
    case 'it':
      return (
        <svg {...common}>
          <rect width="20" height="14" fill="#fff" />
          <rect width="6.67" height="14" fill="#009246" />
          <rect x="13.33" width="6.67" height="14" fill="#ce2b37" />
        </svg>
      );
    default:
      return null;
  }
}
