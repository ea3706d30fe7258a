import { describe, expect, it } from 'vitest';
import { type ListedContract, listedContractRows } from './listed-rows';

const NOW = Date.UTC(2026, 11, 21, 5, 0); // Monday 21 Dec 2026, 10:30 IST
const contract = (change: Partial<ListedContract>): ListedContract => ({
  underlying: 'NIFTY',
  expiry: '2026-12-29',
  strike: 26000,
  optionType: 'CE',
  lotSize: 65,
  ...change,
});

describe('listedContractRows', () => {
  it('spells the last expiry of a month monthly and the others weekly, with the broker lot size', () => {
    const rows = listedContractRows(
      [
        contract({ expiry: '2026-12-22', optionType: 'PE' }),
        contract({}),
        contract({ optionType: 'FUT', strike: 0 }),
      ],
      NOW,
    );
    expect(rows.map((row) => row.tradingsymbol).sort()).toEqual([
      'NIFTY26D2226000PE',
      'NIFTY26DEC26000CE',
      'NIFTY26DECFUT',
    ]);
    expect(rows.every((row) => row.lot_size === 65 && row.exchange === 'NFO')).toBe(true);
    expect(rows.find((row) => row.instrument_type === 'FUT')?.segment).toBe('NFO-FUT');
  });

  it("takes the calendar's kind when it knows the date", () => {
    const [row] = listedContractRows([contract({ expiry: '2026-12-22' })], NOW, () => 'weekly');
    expect(row?.tradingsymbol).toBe('NIFTY26D2226000CE');
  });

  it('lists a contract once, and skips expired ones, unknown indices and unreadable dates', () => {
    const rows = listedContractRows(
      [
        contract({}),
        contract({ lotSize: 75 }),
        contract({ expiry: '2026-12-15' }),
        contract({ underlying: 'RELIANCE' }),
        contract({ expiry: '29-12-2026' }),
      ],
      NOW,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.lot_size).toBe(75);
  });

  it('keeps SENSEX contracts on BFO', () => {
    const [row] = listedContractRows(
      [contract({ underlying: 'SENSEX', expiry: '2026-12-24', strike: 85000 })],
      NOW,
    );
    expect(row).toMatchObject({ exchange: 'BFO', name: 'SENSEX', strike: 85000 });
  });
});
