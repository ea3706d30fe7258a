import { ExpiryPicker, IndexPicker, StrikePicker } from './pickers';
import { useAtmFill, useExpirySync, useInstrumentSync } from './use-config-sync';

/**
 * The instrument half of the order configuration bar: index, expiry, and the call and
 * put strikes with their live CE and PE prices. It keeps `orderConfig` consistent: a valid expiry, ATM strikes
 * after an index change, and the fetched contracts' tokens and lot size.
 */
export function ConfigBar() {
  useExpirySync();
  useAtmFill();
  useInstrumentSync('call');
  useInstrumentSync('put');
  return (
    <section aria-label="Instrument" className="flex flex-wrap items-end gap-3">
      <IndexPicker />
      <ExpiryPicker />
      <StrikePicker side="call" />
      <StrikePicker side="put" />
    </section>
  );
}
