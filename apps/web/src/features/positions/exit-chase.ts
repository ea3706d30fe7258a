import { useTradingSettings } from '../../state/trading-settings-store';

/** What a trader's exit carries: the chase when the exit chaser is on, else nothing (a market exit). */
export function exitChase(): { chase?: { reprices: number } } {
  const reprices = useTradingSettings.getState().orderConfig.exitChaseReprices;
  return reprices === null || reprices === undefined ? {} : { chase: { reprices } };
}
