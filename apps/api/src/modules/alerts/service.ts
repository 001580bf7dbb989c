import type { Alert, AlertsQuery, UnreadAlerts } from '@estante/contract';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db/index.ts';
import { ERRORS } from '../../lib/errors.ts';
import type { ServerLanguage } from '../../lib/messages.ts';
import { ALERT_ERRORS } from './errors.ts';
import { presentAlert } from './presenters.ts';
import { countUnread, deleteAlert, listAlerts, markRead } from './repository.ts';

/** What the alert calls need: the library's time zone names the days of the date filter. */
export interface AlertServiceOptions {
  db: Db;
  clock: Clock;
  timeZone: () => Promise<string>;
}

/** The patron's alert use cases: every call is about the caller's own alerts. */
export function createAlertService(options: AlertServiceOptions) {
  const { db, clock } = options;
  return {
    /** SPEC §5: both dates required, the start not after the end. */
    async list(patronId: number, query: AlertsQuery, language: ServerLanguage): Promise<Alert[]> {
      if (!query.dataIni) throw ALERT_ERRORS.startRequired();
      if (!query.dataFim) throw ALERT_ERRORS.endRequired();
      if (query.dataIni > query.dataFim) throw ALERT_ERRORS.dateRange();
      const alerts = await listAlerts(db, patronId, {
        from: query.dataIni,
        to: query.dataFim,
        timeZone: await options.timeZone(),
      });
      return alerts.map((alert) => presentAlert(alert, language));
    },

    async unread(patronId: number): Promise<UnreadAlerts> {
      return { quantidade: await countUnread(db, patronId) };
    },

    /** Another patron's alert is "not found", the same as one that does not exist. */
    async markRead(patronId: number, alertId: number, language: ServerLanguage): Promise<Alert> {
      const alert = await markRead(db, patronId, alertId, clock.now());
      if (!alert) throw ERRORS.notFound();
      return presentAlert(alert, language);
    },

    async delete(patronId: number, alertId: number): Promise<{ id: number }> {
      if (!(await deleteAlert(db, patronId, alertId, clock.now()))) throw ERRORS.notFound();
      return { id: alertId };
    },
  };
}
export type AlertService = ReturnType<typeof createAlertService>;
