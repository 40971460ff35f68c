import { describe, expect, it } from 'vitest';
import { comparable, estimate, sqftOf, usualSize } from './estimate';
import type { MarketKind, ValuationData } from '../types';
import * as paths from '../paths';
import vectors from '../../../contract/tests/valuation-vectors.json';
import { VALUATIONS, valuationFile } from './ValuationTool';

const data: ValuationData = {
  community: 'dubai-marina',
  name: 'Dubai Marina',
  from: '2025-11',
  to: '2026-10',
  figures: [
    { kind: 'apartment', bedrooms: null, sales: 300, low: 1800, median: 2000, high: 2300, rents: 400, rentMedian: 120 },
    { kind: 'apartment', bedrooms: 2, sales: 80, low: 1900, median: 2100, high: 2400, rents: 90, rentMedian: 130 },
    { kind: 'apartment', bedrooms: 4, sales: 6, low: null, median: null, high: null, rents: 3, rentMedian: null },
    { kind: 'villa', bedrooms: null, sales: 7, low: null, median: null, high: null, rents: 0, rentMedian: null },
  ],
};

describe('the instant valuation', () => {
  it('takes the bedrooms figure when it has 10 sales, else the kind', () => {
    expect(comparable(data, 'apartment', 2)?.bedrooms).toBe(2);
    expect(comparable(data, 'apartment', 4)?.bedrooms).toBe(null);
    expect(comparable(data, 'apartment', null)?.bedrooms).toBe(null);
    expect(comparable(data, 'land', null)).toBe(null);
  });

  it('gives the middle half of the sales times the size, the rent and the gross yield', () => {
    const found = estimate(data, { kind: 'apartment', bedrooms: 2, size: 1250, unit: 'sqft' });
    expect(found).toMatchObject({ enough: true, sqft: 1250, low: 2_375_000, median: 2_625_000, high: 3_000_000, rent: 163_000, grossYield: 6.2 });
  });

  it('reads square metres', () => {
    expect(sqftOf(100, 'sqm')).toBe(1076);
    expect(estimate(data, { kind: 'apartment', bedrooms: 2, size: 100, unit: 'sqm' })).toMatchObject({ sqft: 1076, low: 2_044_000 });
  });

  it('says too few under 10 sales, and nothing without a size', () => {
    expect(estimate(data, { kind: 'villa', bedrooms: 4, size: 3000, unit: 'sqft' })).toMatchObject({ enough: false, sales: 7 });
    expect(estimate(data, { kind: 'apartment', bedrooms: 2, size: 0, unit: 'sqft' })).toBe(null);
  });

  // The lead function estimates the seller's home again for the agents (contract::valuation):
  // the same cases, the same figures.
  it.each(vectors.cases)('agrees with the lead function: $name', ({ data: figures, kind, bedrooms, sqft, expected }) => {
    const found = estimate(figures as ValuationData, { kind: kind as MarketKind, bedrooms, size: sqft, unit: 'sqft' });
    if (expected.outcome === 'estimated') {
      expect(found).toMatchObject({ enough: true, sqft, low: expected.low, median: expected.median, high: expected.high, rent: expected.rent, grossYield: expected.grossYield });
      if (found?.enough) expect({ sales: found.figure.sales, from: figures.from, to: figures.to }).toEqual({ sales: expected.sales, from: expected.from, to: expected.to });
    } else {
      expect(found).toMatchObject({ enough: false, sales: expected.sales });
    }
  });

  it('knows the sizes a home of each kind usually has', () => {
    expect(usualSize('apartment', 1250)).toBe(true);
    expect(usualSize('apartment', 50_000)).toBe(false);
    expect(usualSize('apartment', 40)).toBe(false);
    expect(usualSize('villa', 50_000)).toBe(true);
    expect(usualSize('land', 50_000)).toBe(true);
  });
});

describe("the tool's files", () => {
  it('are the contract\'s', () => {
    expect(VALUATIONS).toBe(paths.VALUATIONS);
    expect(valuationFile('dubai-marina')).toBe(paths.valuation('dubai-marina'));
  });
});
