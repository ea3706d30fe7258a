import { INDEX_NAMES, INDEX_TABLE } from '@xtrader/core/market/indices';
import { InstrumentCatalog } from '../../apps/server/src/modules/instruments/catalog';
import { generateInstruments } from '../../apps/server/src/modules/instruments/generate';

/** The master and the benchmark's symbols: the seven indices plus options nearest the money, `count` in all. */
export function benchSymbols(
  count: number,
  now = Date.now(),
): { catalog: InstrumentCatalog; symbols: string[] } {
  const catalog = new InstrumentCatalog();
  catalog.replace(generateInstruments({ now }));
  const indices = INDEX_NAMES.map((name) => INDEX_TABLE[name].displayName);
  const options = [...catalog.all()]
    .filter((row) => row.instrument_type === 'CE' || row.instrument_type === 'PE')
    .sort((a, b) => {
      const spot = (name: string) => INDEX_TABLE[name as keyof typeof INDEX_TABLE].referenceSpot;
      return (
        Math.abs(a.strike / spot(a.name) - 1) - Math.abs(b.strike / spot(b.name) - 1) ||
        (a.tradingsymbol < b.tradingsymbol ? -1 : 1)
      );
    })
    .map((row) => row.tradingsymbol);
  return { catalog, symbols: [...indices, ...options].slice(0, count) };
}
