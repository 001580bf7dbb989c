import 'i18next';
import type { Messages } from '@estante/i18n';

// Keys are typed from pt.json (STYLE "Translations"): t('search.field.required') is checked at compile time.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Messages };
    returnNull: false;
  }
}
