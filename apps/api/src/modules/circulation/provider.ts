import type { CirculationEngine } from './local/engine.ts';

/**
 * The circulation seam (DESIGN "Circulation", STYLE "Seams"): the state changes the patron calls
 * make. The local engine is the first implementation; a provider feeding the portal from an
 * existing library system would implement the same calls and say what it offers.
 */
export type CirculationProvider = Pick<
  CirculationEngine,
  | 'today'
  | 'timeZone'
  | 'renew'
  | 'placeHold'
  | 'cancelHolds'
  | 'requestLoan'
  | 'issueToken'
  | 'issueNoDebtsDeclaration'
  | 'setAutoRenew'
> & {
  /** What this provider offers, so screens ask before offering a function. */
  capabilities(): CirculationCapabilities;
};

/** Functions a provider may or may not offer. */
export interface CirculationCapabilities {
  holds: boolean;
  renewals: boolean;
  loanRequests: boolean;
  interlibraryLoans: boolean;
  noDebtsDeclaration: boolean;
  loanToken: boolean;
  automaticRenewal: boolean;
}

/** The local engine as the provider: it offers everything. */
export function localProvider(engine: CirculationEngine): CirculationProvider {
  return {
    today: engine.today,
    timeZone: engine.timeZone,
    renew: engine.renew,
    placeHold: engine.placeHold,
    cancelHolds: engine.cancelHolds,
    requestLoan: engine.requestLoan,
    issueToken: engine.issueToken,
    issueNoDebtsDeclaration: engine.issueNoDebtsDeclaration,
    setAutoRenew: engine.setAutoRenew,
    capabilities: () => ({
      holds: true,
      renewals: true,
      loanRequests: true,
      interlibraryLoans: true,
      noDebtsDeclaration: true,
      loanToken: true,
      automaticRenewal: true,
    }),
  };
}
