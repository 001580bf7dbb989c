import type { ActivityCode } from '@estante/contract';
import { useFunctionalities } from '../api/get-functionalities';

/** True when the institution offers an activity (STYLE "Screens ask whether a function is offered"). */
export function useActivity(code: ActivityCode): boolean {
  return useFunctionalities().some((activity) => activity.cod_atividade === code);
}
