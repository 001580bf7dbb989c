import type { TFunction } from 'i18next';
import type { KardexIssue } from '@estante/contract';
import { formatDate } from '../../../lib/i18n';

/** An issue as a reader names it: "v. 171, n. 4356, 25 abr. 1953" (volume, number, period or date, year). */
export function issueLabel(t: TFunction, issue: KardexIssue, language: string): string {
  const parts = [
    issue.volume ? t('record.kardex.volumeShort', { volume: issue.volume }) : null,
    issue.numero ? t('record.kardex.numberShort', { number: issue.numero }) : null,
    issue.periodo
      ? `${issue.periodo} ${issue.ano}`
      : issue.data_publicacao
        ? formatDate(issue.data_publicacao, language)
        : String(issue.ano),
  ];
  return parts.filter(Boolean).join(', ');
}
