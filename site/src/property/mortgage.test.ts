import { describe, expect, it } from 'vitest';
import { handoverStage, maxLoanToValue, monthlyPayment, mortgagePlan, parseAmount, stagedPlan, trusteeFee, type Purchase } from './mortgage';

const buyer: Purchase = { price: 2_000_000, down: 400_000, ratePercent: 4.5, years: 25, residency: 'resident', firstHome: true, offPlan: false };

describe('the Central Bank loan-to-value caps', () => {
  it('first homes: 80% (expatriate) and 85% (national) up to AED 5M, 70% and 75% above', () => {
    expect(maxLoanToValue({ ...buyer, price: 5_000_000 })).toBe(0.8);
    expect(maxLoanToValue({ ...buyer, price: 5_000_000, residency: 'national' })).toBe(0.85);
    expect(maxLoanToValue({ ...buyer, price: 5_000_001 })).toBe(0.7);
    expect(maxLoanToValue({ ...buyer, price: 8_000_000, residency: 'national' })).toBe(0.75);
  });

  it('second homes: 60% (expatriate) and 65% (national); off-plan and non-residents: 50%', () => {
    expect(maxLoanToValue({ ...buyer, firstHome: false })).toBe(0.6);
    expect(maxLoanToValue({ ...buyer, firstHome: false, residency: 'national' })).toBe(0.65);
    expect(maxLoanToValue({ ...buyer, offPlan: true, residency: 'national' })).toBe(0.5);
    expect(maxLoanToValue({ ...buyer, residency: 'nonResident' })).toBe(0.5);
  });
});

describe('the plan', () => {
  it('a resident expatriate, first home of AED 2M, 20% down, 4.5% over 25 years', () => {
    const plan = mortgagePlan(buyer);
    expect(plan.loan).toBe(1_600_000);
    expect(plan.monthly).toBe(8_893);
    expect(plan.costs).toEqual({ dldTransfer: 80_000, titleDeed: 580, trustee: 4_200, mortgageRegistration: 4_290 });
    expect(plan.cashNeeded).toBe(400_000 + 80_000 + 580 + 4_200 + 4_290);
    expect(plan.downTooLow).toBe(false);
    expect(plan.interest).toBe(plan.totalRepaid - 1_600_000);
  });

  it('raises a down payment below the cap to the minimum, and says so', () => {
    const plan = mortgagePlan({ ...buyer, down: 100_000, offPlan: true });
    expect(plan.minDown).toBe(1_000_000);
    expect(plan.down).toBe(1_000_000);
    expect(plan.downTooLow).toBe(true);
    expect(plan.loan).toBe(1_000_000);
  });

  it('paying in cash needs no loan and no mortgage registration', () => {
    const plan = mortgagePlan({ ...buyer, down: 2_000_000 });
    expect(plan.loan).toBe(0);
    expect(plan.monthly).toBe(0);
    expect(plan.costs.mortgageRegistration).toBe(0);
    expect(plan.cashNeeded).toBe(2_000_000 + 80_000 + 580 + 4_200);
  });

  it('keeps the term within 1 to 25 years; a zero rate divides the loan evenly', () => {
    expect(mortgagePlan({ ...buyer, years: 40 }).years).toBe(25);
    expect(monthlyPayment(120_000, 0, 10)).toBe(1_000);
    expect(trusteeFee(450_000)).toBe(2_100);
  });
});

describe('an off-plan payment plan', () => {
  const plan = [
    { milestone: 'On booking', percent: 10 },
    { milestone: 'During construction', percent: 70 },
    { milestone: 'On handover', percent: 20 },
  ];
  const purchase = { price: 1_750_000, stages: plan, ratePercent: 4.5, years: 25, residency: 'resident' as const, firstHome: true };

  it('pays each stage its share of the price, the mortgage only the handover balance', () => {
    const staged = stagedPlan(purchase);
    expect(staged.stages.map((s) => s.amount)).toEqual([175_000, 1_225_000, 350_000]);
    expect(staged.handover).toBe(2);
    // 20% due on handover is under the off-plan cap of 50%: the bank lends all of it.
    expect(staged.loan).toBe(350_000);
    expect(staged.stages.map((s) => s.cash)).toEqual([175_000, 1_225_000, 0]);
    expect(staged.beforeHandover).toBe(1_400_000);
    expect(staged.monthly).toBe(Math.round(monthlyPayment(350_000, 4.5, 25)));
    expect(staged.costs.dldTransfer).toBe(70_000);
    expect(staged.cashTotal).toBe(1_400_000 + 70_000 + 580 + 4_200 + Math.round(350_000 * 0.0025 + 290));
  });

  it('lends at most the off-plan cap of the price on a larger handover balance; later stages in cash', () => {
    const staged = stagedPlan({
      ...purchase,
      price: 2_000_000,
      stages: [
        { milestone: 'On booking', percent: 20 },
        { milestone: 'On handover', percent: 60 },
        { milestone: 'Within 12 months', percent: 20 },
      ],
    });
    expect(staged.handover).toBe(1);
    expect(staged.loan).toBe(1_000_000);
    expect(staged.stages.map((s) => [s.loan, s.cash])).toEqual([
      [0, 400_000],
      [1_000_000, 200_000],
      [0, 400_000],
    ]);
  });

  it('finds the handover stage by its name or key, else takes the last', () => {
    expect(handoverStage([{ milestone: 'on-plot-handover', percent: 100 }])).toBe(0);
    expect(handoverStage([{ milestone: 'On booking', percent: 30 }, { milestone: 'On completion', percent: 70 }])).toBe(1);
  });

  it('makes the stages add up to the price in whole dirhams', () => {
    const staged = stagedPlan({ ...purchase, price: 1_000_001, stages: [{ milestone: 'a', percent: 33 }, { milestone: 'b', percent: 33 }, { milestone: 'c', percent: 34 }] });
    expect(staged.stages.reduce((sum, s) => sum + s.amount, 0)).toBe(1_000_001);
  });
});

describe('typed amounts', () => {
  it('read grouping and a decimal comma, and refuse the rest', () => {
    expect(parseAmount('1,500,000')).toBe(1_500_000);
    expect(parseAmount('1 500 000')).toBe(1_500_000);
    expect(parseAmount('4.25')).toBe(4.25);
    expect(parseAmount('4,5')).toBe(4.5);
    expect(parseAmount('')).toBeNull();
    expect(parseAmount('-5')).toBeNull();
    expect(parseAmount('abc')).toBeNull();
  });
});
