// Money as integer minor units (bigint) inside, decimal strings on the wire (finance-domain.md
// "Money"). Rules:
// - a currency has 0-4 decimals; an amount is written with at most that many ("1250.5" and
//   "1250.50" are the same USD amount), always answered with exactly that many ("1250.50");
// - parsing never rounds: more decimals than the currency has is an error, not a silent cut;
// - rounding happens once, where a rate or a percentage is applied (mulDivHalfEven, applyRate),
//   half to even (banker's rounding), on integers only: no JavaScript float ever touches an amount.

const decimalPattern = /^(-)?(\d+)(?:\.(\d+))?$/;

export const maxDecimals = 4;

/** "1250.50" with 2 decimals -> 125050n; null when the text is not a decimal or has too many decimals. */
export function parseMoney(text: string, decimals: number): bigint | null {
  const match = decimalPattern.exec(text.trim());
  if (!match) return null;
  const [, sign, whole = '0', fraction = ''] = match;
  if (fraction.length > decimals) return null;
  const minor = BigInt(whole + fraction.padEnd(decimals, '0'));
  return sign ? -minor : minor;
}

/** 125050n with 2 decimals -> "1250.50"; 5n with 0 decimals -> "5". */
export function formatMoney(minor: bigint, decimals: number): string {
  const negative = minor < 0n;
  const digits = (negative ? -minor : minor).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = decimals ? `.${digits.slice(digits.length - decimals)}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

/** value * numerator / denominator, rounded half to even. */
export function mulDivHalfEven(value: bigint, numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new RangeError('division by zero');
  let product = value * numerator;
  let divisor = denominator;
  if (divisor < 0n) {
    product = -product;
    divisor = -divisor;
  }
  const negative = product < 0n;
  const magnitude = negative ? -product : product;
  let quotient = magnitude / divisor;
  const twiceRemainder = (magnitude % divisor) * 2n;
  if (twiceRemainder > divisor || (twiceRemainder === divisor && quotient % 2n === 1n)) quotient += 1n;
  return negative ? -quotient : quotient;
}

/** A decimal text ("3.1415", up to 12 decimals for rates) as an exact fraction. */
export function parseDecimal(text: string, maxFractionDigits = 12): { numerator: bigint; denominator: bigint } | null {
  const match = decimalPattern.exec(text.trim());
  if (!match) return null;
  const [, sign, whole = '0', fraction = ''] = match;
  if (fraction.length > maxFractionDigits) return null;
  const numerator = BigInt(whole + fraction) * (sign ? -1n : 1n);
  return { numerator, denominator: 10n ** BigInt(fraction.length) };
}

/**
 * An amount of one currency converted at a rate (units of the target per unit of the source) into
 * the target's minor units, rounded half to even once.
 */
export function applyRate(minor: bigint, fromDecimals: number, rate: string, toDecimals: number): bigint {
  const parsed = parseDecimal(rate);
  if (!parsed) throw new RangeError(`invalid rate ${rate}`);
  const scale = 10n ** BigInt(toDecimals);
  return mulDivHalfEven(minor, parsed.numerator * scale, parsed.denominator * 10n ** BigInt(fromDecimals));
}

/** A share in basis points (1/100 of a percent) of an amount, rounded half to even. */
export const applyBasisPoints = (minor: bigint, basisPoints: bigint) => mulDivHalfEven(minor, basisPoints, 10_000n);
