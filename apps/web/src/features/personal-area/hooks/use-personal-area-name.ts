import { useTranslation } from 'react-i18next';
import { useInstitution } from '../../chrome/api/get-institution';

/**
 * The personal area's name on screen (decision 0046): the institution's own (`nome_area_pessoal`),
 * or the neutral name in the patron's language.
 */
export function usePersonalAreaName(): string {
  const { t } = useTranslation();
  return useInstitution().nome_area_pessoal ?? t('personalArea.defaultName');
}
