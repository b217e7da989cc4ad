// Money as integer minor units with decimal strings on the wire (finance-domain.md "Money"): exact
// parsing (never a silent rounding), formatting with exactly the currency's decimals, and half-even
// rounding where a rate or a percentage is applied. Expectations worked out by hand.
import { describe, expect, it } from 'vitest';
import { applyBasisPoints, applyRate, formatMoney, mulDivHalfEven, parseMoney } from '../../server/modules/ledger/money.ts';

describe('money', () => {
  it('parses decimal text into minor units without rounding', () => {
    expect(parseMoney('1250.50', 2)).toBe(125050n);
    expect(parseMoney('1250.5', 2)).toBe(125050n);
    expect(parseMoney('1250', 2)).toBe(125000n);
    expect(parseMoney('0.0001', 4)).toBe(1n);
    expect(parseMoney('1500000', 0)).toBe(1500000n);
    expect(parseMoney('-3.25', 2)).toBe(-325n);
    expect(parseMoney('92233720368547.7580', 4)).toBe(922337203685477580n);
    expect(parseMoney('1.005', 2)).toBeNull();
    expect(parseMoney('1.5', 0)).toBeNull();
    for (const bad of ['', '1,5', '1e3', 'NaN', '.5', '1.', '0x10', ' ']) expect(parseMoney(bad, 2)).toBeNull();
  });

  it('formats minor units with exactly the currency decimals', () => {
    expect(formatMoney(125050n, 2)).toBe('1250.50');
    expect(formatMoney(5n, 2)).toBe('0.05');
    expect(formatMoney(0n, 4)).toBe('0.0000');
    expect(formatMoney(1500000n, 0)).toBe('1500000');
    expect(formatMoney(-325n, 2)).toBe('-3.25');
    expect(formatMoney(-5n, 3)).toBe('-0.005');
    expect(formatMoney(9_223_372_036_854_775_807n, 2)).toBe('92233720368547758.07');
  });

  it('round-trips every amount through text', () => {
    for (const decimals of [0, 1, 2, 3, 4])
      for (const minor of [0n, 1n, 9n, 10n, 99n, 100n, 12345n, 10n ** 17n + 3n])
        expect(parseMoney(formatMoney(minor, decimals), decimals)).toBe(minor);
  });

  it('rounds half to even, on integers', () => {
    expect(mulDivHalfEven(5n, 1n, 2n)).toBe(2n); // 2.5 -> 2
    expect(mulDivHalfEven(7n, 1n, 2n)).toBe(4n); // 3.5 -> 4
    expect(mulDivHalfEven(-5n, 1n, 2n)).toBe(-2n); // -2.5 -> -2
    expect(mulDivHalfEven(-7n, 1n, 2n)).toBe(-4n); // -3.5 -> -4
    expect(mulDivHalfEven(10n, 1n, 3n)).toBe(3n); // 3.33 -> 3
    expect(mulDivHalfEven(20n, 1n, 3n)).toBe(7n); // 6.67 -> 7
    expect(mulDivHalfEven(5n, 1n, -2n)).toBe(-2n);
    expect(() => mulDivHalfEven(1n, 1n, 0n)).toThrow(RangeError);
  });

  it('applies a rate and basis points once, half to even', () => {
    // 10.00 USD at 89,500 LL per USD (LL has 0 decimals) = 895,000 LL.
    expect(applyRate(1000n, 2, '89500', 0)).toBe(895000n);
    // 1 LL at 0.0000111731843575 USD per LL is 0.0000111... USD -> 0.00 USD (2 decimals).
    expect(applyRate(1n, 0, '0.000011173184', 2)).toBe(0n);
    // 0.125 -> 0.12 and 0.135 -> 0.14 at 2 decimals: halves go to the even cent.
    expect(applyRate(125n, 3, '1', 2)).toBe(12n);
    expect(applyRate(135n, 3, '1', 2)).toBe(14n);
    // 2.5 % of 1.00 = 0.025 -> 0.02; 3.5 % of 1.00 = 0.035 -> 0.04 (in cents: 2.5 -> 2, 3.5 -> 4).
    expect(applyBasisPoints(100n, 250n)).toBe(2n);
    expect(applyBasisPoints(100n, 350n)).toBe(4n);
    expect(() => applyRate(1n, 2, '1e3', 2)).toThrow(RangeError);
  });
});
