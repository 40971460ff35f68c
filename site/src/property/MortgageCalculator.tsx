// The mortgage calculator of a sale listing's page: price (the listing's), down payment, rate and
// term, who buys (the Central Bank's caps differ) and whether it is off-plan; it shows the loan,
// the monthly payment and the cash needed at transfer, every fee named. An off-plan listing with
// a payment plan is paid by its stages instead: what the buyer pays at each (its name in the
// page's language, its share of the price), the mortgage from handover on the balance due then,
// and the fees (`StagedResults`). The rules are
// ./mortgage.ts; prices are written by ../price.ts. Plain inputs with labels and hints; the
// key figures are a polite live region, so a screen reader hears them change. Its own chunk,
// loaded when its section nears the viewport (MortgageSection.tsx).
import { useId, useState, type ReactNode } from 'react';
import { useT } from '../i18n';
import { formatNumber, formatPercent } from '../format';
import { formatDecimal } from '../i18n/numbers';
import { useLang } from '../shell';
import { priceText } from '../price';
import { DLD_TRANSFER_RATE, MAX_YEARS, MORTGAGE_REGISTRATION_RATE, mortgagePlan, parseAmount, stagedPlan, type Residency, type Stage, type StagedPlan } from './mortgage';
import './mortgage.css';

const DEFAULT_RATE = 4.5;
const RESIDENCIES: Residency[] = ['resident', 'national', 'nonResident'];

type Field = 'price' | 'down' | 'rate' | 'years';

/** An off-plan listing's payment plan: its stages and their names in the page's language. */
export interface PaymentPlan {
  stages: readonly Stage[];
  names: readonly { name: string; en?: boolean }[];
}

export function MortgageCalculator({ price, offPlan: listedOffPlan, plan: paymentPlan, titleId }: { price: number; offPlan: boolean; plan?: PaymentPlan; titleId: string }) {
  const t = useT();
  const lang = useLang();
  const id = useId();
  const [residency, setResidency] = useState<Residency>('resident');
  const [firstHome, setFirstHome] = useState(true);
  const [offPlan, setOffPlan] = useState(listedOffPlan);
  // The smallest down payment the default buyer may make is the starting one.
  const start = mortgagePlan({ price, down: 0, ratePercent: DEFAULT_RATE, years: MAX_YEARS, residency, firstHome, offPlan: listedOffPlan });
  const [typed, setTyped] = useState<Record<Field, string>>({
    price: formatNumber(lang, price),
    down: formatNumber(lang, start.minDown),
    rate: formatDecimal(lang, DEFAULT_RATE, 0, 2),
    years: String(MAX_YEARS),
  });
  const values = {
    price: parseAmount(typed.price),
    down: parseAmount(typed.down),
    rate: parseAmount(typed.rate),
    years: parseAmount(typed.years),
  };
  // A payment plan sets the down payment: the down payment's field is not asked.
  const staged = paymentPlan != null && paymentPlan.stages.length > 0 ? paymentPlan : null;
  const valid = Object.entries(values).every(([name, value]) => value !== null || (staged != null && name === 'down'));
  const byStage =
    valid && staged
      ? stagedPlan({ price: values.price ?? 0, stages: staged.stages, ratePercent: values.rate ?? 0, years: values.years ?? MAX_YEARS, residency, firstHome })
      : null;
  const plan = valid && !staged
    ? mortgagePlan({
        price: values.price ?? 0,
        down: values.down ?? 0,
        ratePercent: values.rate ?? 0,
        years: values.years ?? MAX_YEARS,
        residency,
        firstHome,
        offPlan,
      })
    : null;
  const percent = (share: number) => formatPercent(lang, share * 100);
  const money = (amount: number) => priceText(t, lang, amount);
  const field = (name: Field) => `${id}-${name}`;

  const input = (name: Field, label: string, hint?: string, inputMode: 'numeric' | 'decimal' = 'numeric') => {
    const invalid = values[name] === null;
    const described = [hint ? `${field(name)}-hint` : null, invalid ? `${field(name)}-error` : null].filter(Boolean).join(' ');
    return (
      <div className={`field${invalid ? ' field--invalid' : ''}`}>
        <label className="field__label" htmlFor={field(name)}>
          {label}
        </label>
        <input
          className="field__control"
          id={field(name)}
          type="text"
          inputMode={inputMode}
          dir="ltr"
          autoComplete="off"
          value={typed[name]}
          onChange={(event) => setTyped((current) => ({ ...current, [name]: event.target.value }))}
          aria-invalid={invalid || undefined}
          aria-describedby={described || undefined}
        />
        {hint ? (
          <p className="field__hint" id={`${field(name)}-hint`}>
            {hint}
          </p>
        ) : null}
        {invalid ? (
          <p className="field__error" id={`${field(name)}-error`}>
            {t('mortgage.invalid')}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <>
      <form className="mortgage__form" onSubmit={(event) => event.preventDefault()} aria-labelledby={titleId}>
        {input('price', t('mortgage.price'))}
        {staged ? null : input('down', t('mortgage.down'))}
        {input('rate', t('mortgage.rate'), undefined, 'decimal')}
        {input('years', t('mortgage.years'), t('mortgage.yearsHint'))}
        <div className="field">
          <label className="field__label" htmlFor={`${id}-residency`}>
            {t('mortgage.residency')}
          </label>
          <select className="field__control" id={`${id}-residency`} value={residency} onChange={(event) => setResidency(event.target.value as Residency)}>
            {RESIDENCIES.map((value) => (
              <option key={value} value={value}>
                {t(`mortgage.residency.${value}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-home`}>
            {t('mortgage.home')}
          </label>
          <select className="field__control" id={`${id}-home`} value={firstHome ? 'first' : 'second'} onChange={(event) => setFirstHome(event.target.value === 'first')}>
            <option value="first">{t('mortgage.home.first')}</option>
            <option value="second">{t('mortgage.home.second')}</option>
          </select>
        </div>
        {staged ? null : (
          <label className="mortgage__check">
            <input type="checkbox" checked={offPlan} onChange={(event) => setOffPlan(event.target.checked)} />
            <span>{t('mortgage.offPlan')}</span>
          </label>
        )}
      </form>
      {byStage && staged ? <StagedResults plan={byStage} names={staged.names} /> : null}
      {plan ? (
        <div className="mortgage__results">
          {plan.downTooLow ? (
            <p className="mortgage__warning" role="status">
              {t('mortgage.downLow', { percent: percent(plan.maxLtv), minimum: money(plan.minDown) })}
            </p>
          ) : null}
          <dl className="mortgage__figures" aria-live="polite">
            <Figure label={t('mortgage.monthly')} strong>
              {t('price.amount.month', { amount: formatNumber(lang, plan.monthly) })}
            </Figure>
            <Figure label={t('mortgage.cash.total')} strong>
              {money(plan.cashNeeded)}
            </Figure>
          </dl>
          <dl className="mortgage__list">
            <Figure label={t('mortgage.maxLoan')}>{t('mortgage.maxLoanValue', { percent: percent(plan.maxLtv) })}</Figure>
            <Figure label={t('mortgage.loan')}>{money(plan.loan)}</Figure>
            <Figure label={t('mortgage.interest')}>{money(plan.interest)}</Figure>
          </dl>
          <h3 className="mortgage__subtitle">{t('mortgage.cash')}</h3>
          <dl className="mortgage__list">
            <Figure label={t('mortgage.cash.down')}>{money(plan.down)}</Figure>
            <Figure label={t('mortgage.cash.dld', { pct: formatPercent(lang, DLD_TRANSFER_RATE * 100) })}>{money(plan.costs.dldTransfer)}</Figure>
            <Figure label={t('mortgage.cash.titleDeed')}>{money(plan.costs.titleDeed)}</Figure>
            <Figure label={t('mortgage.cash.trustee')}>{money(plan.costs.trustee)}</Figure>
            <Figure label={t('mortgage.cash.mortgage', { pct: formatPercent(lang, MORTGAGE_REGISTRATION_RATE * 100, 2) })}>{money(plan.costs.mortgageRegistration)}</Figure>
            <Figure label={t('mortgage.cash.total')} strong>
              {money(plan.cashNeeded)}
            </Figure>
          </dl>
        </div>
      ) : null}
      <p className="mortgage__note">{t('mortgage.note')}</p>
    </>
  );
}

/** An off-plan purchase by the stages of its payment plan, the mortgage from handover. */
function StagedResults({ plan, names }: { plan: StagedPlan; names: PaymentPlan['names'] }) {
  const t = useT();
  const lang = useLang();
  const money = (amount: number) => priceText(t, lang, amount);
  const share = (points: number) => t('mortgage.maxLoanValue', { percent: formatPercent(lang, points) });
  return (
    <div className="mortgage__results">
      <dl className="mortgage__figures" aria-live="polite">
        <Figure label={t('mortgage.plan.monthly')} strong>
          {t('price.amount.month', { amount: formatNumber(lang, plan.monthly) })}
        </Figure>
        <Figure label={t('mortgage.plan.before')} strong>
          {money(plan.beforeHandover)}
        </Figure>
      </dl>
      <h3 className="mortgage__subtitle">{t('mortgage.plan.stages')}</h3>
      <ol className="mortgage__stages">
        {plan.stages.map((stage) => {
          const name = names[stage.index];
          return (
            <li key={stage.index} className="mortgage__stage">
              <div className="mortgage__row mortgage__row--strong">
                <span>
                  <span lang={name?.en ? 'en' : undefined}>{name?.name ?? ''}</span>{' '}
                  <span className="mortgage__share">({share(stage.percent)})</span>
                </span>
                <span className="mortgage__amount">{money(stage.amount)}</span>
              </div>
              {stage.index === plan.handover ? (
                <dl className="mortgage__list mortgage__list--split">
                  <Figure label={t('mortgage.plan.loan')}>{money(stage.loan)}</Figure>
                  <Figure label={t('mortgage.plan.cash')}>{money(stage.cash)}</Figure>
                </dl>
              ) : null}
            </li>
          );
        })}
      </ol>
      <p className="mortgage__explain">{t('mortgage.plan.explain', { percent: formatPercent(lang, plan.maxLtv * 100) })}</p>
      <dl className="mortgage__list">
        <Figure label={t('mortgage.loan')}>{money(plan.loan)}</Figure>
        <Figure label={t('mortgage.interest')}>{money(plan.interest)}</Figure>
      </dl>
      <h3 className="mortgage__subtitle">{t('mortgage.plan.fees')}</h3>
      <dl className="mortgage__list">
        <Figure label={t('mortgage.plan.dld', { pct: formatPercent(lang, DLD_TRANSFER_RATE * 100) })}>{money(plan.costs.dldTransfer)}</Figure>
        <Figure label={t('mortgage.cash.titleDeed')}>{money(plan.costs.titleDeed)}</Figure>
        <Figure label={t('mortgage.cash.trustee')}>{money(plan.costs.trustee)}</Figure>
        <Figure label={t('mortgage.cash.mortgage', { pct: formatPercent(lang, MORTGAGE_REGISTRATION_RATE * 100, 2) })}>{money(plan.costs.mortgageRegistration)}</Figure>
        <Figure label={t('mortgage.plan.total')} strong>
          {money(plan.cashTotal)}
        </Figure>
      </dl>
    </div>
  );
}

function Figure({ label, strong = false, children }: { label: string; strong?: boolean; children: ReactNode }) {
  return (
    <div className={strong ? 'mortgage__row mortgage__row--strong' : 'mortgage__row'}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
