// The top-menu bar keeps one row (issue 20.13): how many entries fit before the 'More' entry.
import { describe, expect, it } from 'vitest';
import { entriesThatFit } from '../../src/views/shell/menu-overflow.ts';

describe('entriesThatFit', () => {
  it('shows every entry when they all fit, without More', () => {
    expect(entriesThatFit([100, 100, 100], 60, 310, 4)).toBe(3);
  });

  it('keeps room for More when they do not', () => {
    // 100 + 4 + 100 + 4 + 60 = 268 fits in 300; a third entry would not.
    expect(entriesThatFit([100, 100, 100, 100], 60, 300, 4)).toBe(2);
  });

  it('puts everything under More on a very narrow bar', () => {
    expect(entriesThatFit([100, 100], 60, 90, 4)).toBe(0);
  });
});
