// The 'What is my home worth?' tool's arithmetic, in the browser from a community's
// data/valuation/{key}.json (the last 12 months of the Dubai Land Department's sales and Ejari
// rents, as the property pages' figures): the range is the size times the lower and upper
// quartile of the comparable sales' AED per sqft (the middle half of the sales), the rent the size
// times the rents' median, the gross yield the rent over the size times the sales' median.
// Comparable: the same kind and bedrooms when they had 10 sales or more, else the same kind.
// The lead function computes the same for the agents (contract::valuation): both pass
// contract/tests/valuation-vectors.json (estimate.test.ts).
import type { LeadValuation, MarketKind, ValuationData, ValuationFigure } from '../types';

/** Fewer sales than this give no estimate (as the property pages' 'too few'). */
export const ENOUGH = 10;
export const SQFT_PER_SQM = 10.7639;
/** Amounts are rounded to this many dirhams: an estimate, not a price. */
export const ROUND_TO = 1000;

export type Unit = 'sqft' | 'sqm';

/**
 * The sizes, in sqft, a home of each kind has as a rule in Dubai (a studio to a penthouse, a
 * townhouse to an Emirates Hills mansion, a small shop to an office floor, a plot to a
 * master-plan parcel). A size outside them is more often a slip (a digit too many, m² entered
 * as sq ft) than a home: the tool asks the seller to check it, and estimates only once the
 * seller confirms it.
 */
export const USUAL_SQFT: Record<MarketKind, readonly [number, number]> = {
  apartment: [250, 15_000],
  villa: [800, 60_000],
  'office-shop': [100, 200_000],
  land: [500, 10_000_000],
};

/** Whether a size (in sqft) is within what a home of the kind usually measures. */
export function usualSize(kind: MarketKind, sqft: number): boolean {
  const [min, max] = USUAL_SQFT[kind];
  return sqft >= min && sqft <= max;
}

export interface Choice {
  kind: MarketKind;
  /** 0: a studio; null: not said. */
  bedrooms: number | null;
  size: number;
  unit: Unit;
}

export type Estimate =
  | { enough: false; sales: number; figure: ValuationFigure | null }
  | {
      enough: true;
      figure: ValuationFigure;
      sqft: number;
      low: number;
      median: number;
      high: number;
      /** Yearly, when the rents were enough. */
      rent: number | null;
      /** Percent, one decimal. */
      grossYield: number | null;
    };

const round = (amount: number) => Math.round(amount / ROUND_TO) * ROUND_TO;

/** The size in square feet, whole. */
export function sqftOf(size: number, unit: Unit): number {
  return Math.round(unit === 'sqm' ? size * SQFT_PER_SQM : size);
}

/** The figure an estimate rests on: the bedrooms' with enough sales, else the kind's. */
export function comparable(data: ValuationData, kind: MarketKind, bedrooms: number | null): ValuationFigure | null {
  const own = bedrooms == null ? undefined : data.figures.find((f) => f.kind === kind && f.bedrooms === bedrooms);
  if (own && own.sales >= ENOUGH) return own;
  return data.figures.find((f) => f.kind === kind && f.bedrooms == null) ?? own ?? null;
}

export function estimate(data: ValuationData, choice: Choice): Estimate | null {
  if (!(choice.size > 0)) return null;
  const figure = comparable(data, choice.kind, choice.bedrooms);
  if (!figure || figure.sales < ENOUGH || figure.low == null || figure.high == null || figure.median == null) {
    return { enough: false, sales: figure?.sales ?? 0, figure };
  }
  const sqft = sqftOf(choice.size, choice.unit);
  const rent = figure.rentMedian != null ? round(figure.rentMedian * sqft) : null;
  return {
    enough: true,
    figure,
    sqft,
    low: round(figure.low * sqft),
    median: round(figure.median * sqft),
    high: round(figure.high * sqft),
    rent,
    grossYield: figure.rentMedian != null ? Math.round((figure.rentMedian / figure.median) * 1000) / 10 : null,
  };
}

/** An estimate the seller sends with their details: the home as the lead carries it (the lead
 * function estimates it again from the same published figures, so the agent sees what the seller
 * saw and never a page's own numbers), and what the seller form shows of it. */
export interface SentValuation {
  home: LeadValuation;
  /** The community's name in English, which fills the form's area. */
  community: string;
  low: number;
  high: number;
}

export function sentValuation(place: { key: string; name: string }, choice: Choice, found: Estimate & { enough: true }): SentValuation {
  return { home: { community: place.key, kind: choice.kind, bedrooms: choice.bedrooms, sqft: found.sqft }, community: place.name, low: found.low, high: found.high };
}
