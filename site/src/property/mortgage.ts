// The mortgage rules of a Dubai purchase, in one place (the calculator on sale listings shows
// them; mortgage.test.ts checks them). Figures as of 2026; change them here.
//
// Loan-to-value caps: the UAE Central Bank's mortgage regulation (notice 31/2013) caps a loan at
// a share of the price by who buys and what:
// - a first home of at most AED 5 million: 80% for a resident expatriate, 85% for a UAE national;
//   above AED 5 million: 70% and 75%;
// - a second or later home: 60% for an expatriate, 65% for a UAE national;
// - off-plan (bought from the developer before completion): 50% for anyone.
// Non-residents are not in the regulation; UAE banks lend them at most 50%, so that is their cap.
// The longest term is 25 years.
//
// Cash needed at transfer besides the down payment (Dubai Land Department and trustee tariffs):
// the DLD transfer fee, 4% of the price; the title deed fee, AED 580; the registration trustee's
// fee, AED 4,000 (AED 2,000 below a price of AED 500,000) plus 5% VAT; and, with a loan, the
// mortgage registration fee, 0.25% of the loan plus AED 290.

export type Residency = 'national' | 'resident' | 'nonResident';

export interface Purchase {
  /** The price in AED. */
  price: number;
  /** The down payment the buyer has in mind, in AED. */
  down: number;
  /** The yearly interest rate, in percent. */
  ratePercent: number;
  years: number;
  residency: Residency;
  firstHome: boolean;
  offPlan: boolean;
}

export const MAX_YEARS = 25;
/** The price above which a first home's cap is lower. */
export const HIGH_VALUE_PRICE = 5_000_000;
export const DLD_TRANSFER_RATE = 0.04;
export const TITLE_DEED_FEE = 580;
export const VAT_RATE = 0.05;
export const MORTGAGE_REGISTRATION_RATE = 0.0025;
export const MORTGAGE_REGISTRATION_ADMIN = 290;

/** The largest share of the price a bank may lend (0.5 = 50%). */
export function maxLoanToValue({ price, residency, firstHome, offPlan }: Pick<Purchase, 'price' | 'residency' | 'firstHome' | 'offPlan'>): number {
  if (offPlan || residency === 'nonResident') return 0.5;
  const national = residency === 'national';
  if (!firstHome) return national ? 0.65 : 0.6;
  if (price > HIGH_VALUE_PRICE) return national ? 0.75 : 0.7;
  return national ? 0.85 : 0.8;
}

/** The registration trustee's fee with VAT: AED 4,200, or AED 2,100 below AED 500,000. */
export function trusteeFee(price: number): number {
  return (price < 500_000 ? 2_000 : 4_000) * (1 + VAT_RATE);
}

/** The monthly instalment of a loan repaid in equal payments. */
export function monthlyPayment(loan: number, ratePercent: number, years: number): number {
  const months = Math.round(years * 12);
  if (loan <= 0 || months <= 0) return 0;
  const rate = ratePercent / 100 / 12;
  if (rate === 0) return loan / months;
  return (loan * rate) / (1 - (1 + rate) ** -months);
}

export interface Costs {
  dldTransfer: number;
  titleDeed: number;
  trustee: number;
  mortgageRegistration: number;
}

export interface MortgagePlan {
  maxLtv: number;
  /** The smallest down payment the cap allows. */
  minDown: number;
  /** The down payment used: the buyer's, raised to the minimum when below it. */
  down: number;
  /** The buyer's down payment was below the minimum. */
  downTooLow: boolean;
  loan: number;
  years: number;
  monthly: number;
  /** The total of the instalments over the term, and its interest. */
  totalRepaid: number;
  interest: number;
  costs: Costs;
  /** Down payment plus every cost: what the buyer pays at transfer. */
  cashNeeded: number;
}

/** Everything the calculator shows for a purchase, in whole dirhams where money. */
export function mortgagePlan(purchase: Purchase): MortgagePlan {
  const price = Math.max(0, purchase.price);
  const maxLtv = maxLoanToValue(purchase);
  const minDown = Math.ceil(price * (1 - maxLtv));
  const asked = Math.min(Math.max(0, purchase.down), price);
  const down = Math.max(asked, minDown);
  const loan = price - down;
  const years = Math.min(Math.max(1, Math.round(purchase.years)), MAX_YEARS);
  const monthly = monthlyPayment(loan, Math.max(0, purchase.ratePercent), years);
  const costs: Costs = {
    dldTransfer: Math.round(price * DLD_TRANSFER_RATE),
    titleDeed: TITLE_DEED_FEE,
    trustee: Math.round(trusteeFee(price)),
    mortgageRegistration: loan > 0 ? Math.round(loan * MORTGAGE_REGISTRATION_RATE + MORTGAGE_REGISTRATION_ADMIN) : 0,
  };
  const totalRepaid = Math.round(monthly * years * 12);
  return {
    maxLtv,
    minDown,
    down,
    downTooLow: asked < minDown,
    loan,
    years,
    monthly: Math.round(monthly),
    totalRepaid,
    interest: Math.max(0, totalRepaid - loan),
    costs,
    cashNeeded: down + costs.dldTransfer + costs.titleDeed + costs.trustee + costs.mortgageRegistration,
  };
}

/** A number typed by a visitor: digits with separators ('1,500,000', '1 500 000', '4.5', '4,5'). */
export function parseAmount(text: string): number | null {
  const cleaned = text.replace(/[\s\u00a0\u202f']/g, '');
  // One comma followed by one or two digits at the end is a decimal comma ('4,5'); others group.
  const normal = /^\d+,\d{1,2}$/.test(cleaned) ? cleaned.replace(',', '.') : cleaned.replace(/,/g, '');
  if (!/^\d+(\.\d+)?$/.test(normal)) return null;
  return Number(normal);
}

// An off-plan purchase on a payment plan: the buyer pays the developer a share of the price at
// each stage (on booking, during construction, on handover...), and a bank lends only once the
// home is handed over, on the balance due then. So the loan is the handover stage's amount, at
// most the off-plan cap of the price; the stages before it are paid in cash, as are the part of
// the handover balance above the loan and any stage after handover. The DLD registration fee (4%)
// is due when the sale is registered, on booking.

/** One stage of a payment plan as the listing gives it: its English name (or key) and share. */
export interface Stage {
  milestone: string;
  percent: number;
}

export interface StagePayment {
  /** The stage's index in the plan. */
  index: number;
  /** Its share of the price, in percent, and that share in AED. */
  percent: number;
  amount: number;
  /** The part the mortgage pays (the handover stage only) and the part in cash. */
  loan: number;
  cash: number;
}

export interface PlanPurchase {
  price: number;
  stages: readonly Stage[];
  ratePercent: number;
  years: number;
  residency: Residency;
  firstHome: boolean;
}

export interface StagedPlan {
  stages: StagePayment[];
  /** The index of the handover stage (the one named 'handover', else the last). */
  handover: number;
  maxLtv: number;
  loan: number;
  years: number;
  monthly: number;
  interest: number;
  /** Cash paid to the developer before handover (every stage before it). */
  beforeHandover: number;
  costs: Costs;
  /** Every stage's cash and every cost: what the buyer pays besides the loan. */
  cashTotal: number;
}

/** The handover stage of a plan: the one whose name says handover, else the last. */
export function handoverStage(stages: readonly Stage[]): number {
  const named = stages.findIndex((stage) => /handover/i.test(stage.milestone));
  return named >= 0 ? named : stages.length - 1;
}

/** What the buyer of an off-plan home pays at each stage of its plan, and the mortgage from handover. */
export function stagedPlan(purchase: PlanPurchase): StagedPlan {
  const price = Math.max(0, purchase.price);
  const maxLtv = maxLoanToValue({ price, residency: purchase.residency, firstHome: purchase.firstHome, offPlan: true });
  const handover = handoverStage(purchase.stages);
  // Whole dirhams, the last stage taking the rounding, so the stages add up to the price.
  let left = price;
  const amounts = purchase.stages.map((stage, i) => {
    const amount = i === purchase.stages.length - 1 ? left : Math.round((price * stage.percent) / 100);
    left -= amount;
    return amount;
  });
  const loan = Math.min(amounts[handover] ?? 0, Math.floor(price * maxLtv));
  const stages = purchase.stages.map((stage, index) => {
    const amount = amounts[index] ?? 0;
    const borrowed = index === handover ? loan : 0;
    return { index, percent: stage.percent, amount, loan: borrowed, cash: amount - borrowed };
  });
  const years = Math.min(Math.max(1, Math.round(purchase.years)), MAX_YEARS);
  const monthly = monthlyPayment(loan, Math.max(0, purchase.ratePercent), years);
  const totalRepaid = Math.round(monthly * years * 12);
  const costs: Costs = {
    dldTransfer: Math.round(price * DLD_TRANSFER_RATE),
    titleDeed: TITLE_DEED_FEE,
    trustee: Math.round(trusteeFee(price)),
    mortgageRegistration: loan > 0 ? Math.round(loan * MORTGAGE_REGISTRATION_RATE + MORTGAGE_REGISTRATION_ADMIN) : 0,
  };
  const cash = stages.reduce((sum, stage) => sum + stage.cash, 0);
  return {
    stages,
    handover,
    maxLtv,
    loan,
    years,
    monthly: Math.round(monthly),
    interest: Math.max(0, totalRepaid - loan),
    beforeHandover: stages.slice(0, handover).reduce((sum, stage) => sum + stage.amount, 0),
    costs,
    cashTotal: cash + costs.dldTransfer + costs.titleDeed + costs.trustee + costs.mortgageRegistration,
  };
}
