// 'What is my home worth?': a seller picks a community, a kind, bedrooms and the size (sqft or
// m²) and at once sees an estimated range, a rent estimate and the gross yield (estimate.ts), from
// the community's data/valuation/{key}.json, with how many sales it rests on and their months, or
// 'too few sales to estimate' under 10. Nothing is chosen for the seller (on /pro; an area guide
// starts at its own community): the tool asks in order, the community, then the kind among those
// the community's sales have, the bedrooms (apartments and villas), the size, and its box says in
// words what it still needs. A size outside what a home of the kind usually measures gets a
// question (check the number and the unit) and no estimate until the seller confirms it. A
// community the address names that has no figures is not chosen (the tool starts from nothing).
// Its button turns the estimate into a seller lead: on /pro it is attached to the seller form
// below (`onSend`); elsewhere (an area guide) it leads to /pro with the choice in the address,
// where the tool reads it back and attaches it.
// /pro draws it in its prerender (pages/Seller.tsx), so it takes its place with the page and
// moves nothing when it hydrates; an area guide loads it when its section comes near the viewport
// (ValuationSection.tsx), with these styles and its 'Valuation' messages.
import { useEffect, useId, useState } from 'react';
import { getJson } from '../data';
import { SITE, type JsonFile } from '../paths';
import type { Lang, MessageKey, Translate } from '../i18n';
import { Link } from '../nav';
import { termIn } from '../i18n/content';
import { formatMonth } from '../dates';
import { formatNumber, formatPercent } from '../format';
import type { MarketKind, ValuationData, ValuationPlace } from '../types';
import { SQFT_PER_SQM, USUAL_SQFT, estimate, sentValuation, sqftOf, type SentValuation, usualSize, type Unit } from './estimate';
import './valuation.css';

export interface ValuationToolProps {
  t: Translate;
  lang: Lang;
  /** The community the tool starts at (an area guide's). */
  community?: string;
  /** On /pro: attach the estimate to the seller form. */
  onSend?: (valuation: SentValuation) => void;
}

/**
 * The tool's files (contract::files::VALUATIONS and valuation(key)), written here rather than
 * imported from paths.ts: that module is in every page's first view, and what a lazy module uses
 * of it stays there (estimate.test.ts holds them to paths.ts's).
 */
export const VALUATIONS = '/data/valuation.json' as JsonFile<ValuationPlace[]>;
export const valuationFile = (key: string) => `/data/valuation/${key}.json` as JsonFile<ValuationData>;

const KINDS: MarketKind[] = ['apartment', 'villa', 'office-shop', 'land'];
const BEDROOMS = [0, 1, 2, 3, 4, 5, 6];
const files = new Map<string, Promise<ValuationData>>();
const load = (key: string) => {
  let file = files.get(key);
  if (!file) {
    file = getJson(valuationFile(key));
    // A failed fetch is not kept: choosing the community again tries again.
    file.catch(() => files.delete(key));
    files.set(key, file);
  }
  return file;
};

/** The choice an address carries (`/pro?community=…&kind=…&bedrooms=…&size=…&unit=…`). */
function fromAddress() {
  const query = new URLSearchParams(typeof window === 'undefined' ? '' : window.location.search);
  const bedrooms = query.get('bedrooms');
  return {
    community: query.get('community') ?? undefined,
    kind: KINDS.find((k) => k === query.get('kind')),
    bedrooms: bedrooms != null && /^\d$/.test(bedrooms) ? Number(bedrooms) : undefined,
    size: query.get('size') ?? undefined,
    unit: query.get('unit') === 'sqm' ? ('sqm' as const) : undefined,
    send: query.has('send'),
  };
}

/** The size as entered: digits with thousands separators (or a decimal point), else NaN. */
function sizeOf(text: string): number {
  const plain = text.replace(/[,\s\u00a0\u202f\u066c]/g, '').replace('\u066b', '.');
  return /^\d+(\.\d+)?$/.test(plain) ? Number(plain) : Number.NaN;
}

export function ValuationTool({ t, lang, community: start, onSend }: ValuationToolProps) {
  const id = useId();
  const [places, setPlaces] = useState<ValuationPlace[]>([]);
  const [names, setNames] = useState<Parameters<typeof termIn>[0]>();
  // The first render is the prerender's (/pro hydrates it): the address's choice comes after.
  const [community, setCommunity] = useState(start ?? '');
  const [kind, setKind] = useState<MarketKind | ''>('');
  const [bedrooms, setBedrooms] = useState<number | null>(null);
  const [size, setSize] = useState('');
  const [unit, setUnit] = useState<Unit>('sqft');
  /** The size the seller said is right though it is unusual for the kind. */
  const [confirmed, setConfirmed] = useState<string | null>(null);
  const [data, setData] = useState<ValuationData | null>(null);
  const [failed, setFailed] = useState(false);
  const [sent, setSent] = useState(false);
  const [wanted, setWanted] = useState(false);

  useEffect(() => {
    let live = true;
    Promise.all([getJson(VALUATIONS), getJson(SITE)]).then(
      ([list, site]) => {
        if (!live) return;
        const asked = fromAddress();
        setPlaces(list);
        setNames(site.vocabulary.communities);
        const known = (key: string | undefined) => key != null && list.some((p) => p.key === key);
        setCommunity((current) => (known(asked.community) ? asked.community! : known(current) ? current : ''));
        if (asked.kind) setKind(asked.kind);
        if (asked.bedrooms != null) setBedrooms(asked.bedrooms);
        if (asked.size) setSize(asked.size);
        if (asked.unit) setUnit(asked.unit);
        setWanted(asked.send);
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, []);
  useEffect(() => {
    if (!community || !places.some((p) => p.key === community)) return;
    let live = true;
    setData(null);
    setFailed(false);
    load(community).then(
      (file) => live && setData(file),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [community, places]);

  const place = places.find((p) => p.key === community);
  const placeName = (p: ValuationPlace) => termIn(names, lang, p.name).name;
  const kinds = data ? KINDS.filter((k) => data.figures.some((f) => f.kind === k)) : [];
  // A kind the community's sales do not have is not chosen (its select would show it blank).
  const chosenKind = kind && kinds.includes(kind) ? kind : '';
  const rooms = chosenKind === 'apartment' || chosenKind === 'villa';
  const amount = sizeOf(size);
  const sqft = amount > 0 ? sqftOf(amount, unit) : 0;
  const unusual = chosenKind !== '' && sqft > 0 && !usualSize(chosenKind, sqft) && confirmed !== `${size} ${unit}`;
  const choice = chosenKind ? { kind: chosenKind, bedrooms: rooms ? bedrooms : null, size: amount, unit } : null;
  const ready = data && choice && (!rooms || bedrooms != null) && sqft > 0 && !unusual;
  const found = ready ? estimate(data, choice) : null;
  const aed = (value: number) => t('price.amount', { amount: formatNumber(lang, value) });
  const inUnit = (value: number) => `${formatNumber(lang, unit === 'sqm' ? Math.round(value / SQFT_PER_SQM) : value)} ${t(`valuation.unit.${unit}` as MessageKey)}`;
  const months = data ? t('valuation.months', { from: formatMonth(lang, data.from), to: formatMonth(lang, data.to) }) : '';
  // What the tool still needs, asked in order.
  const missing: MessageKey | null = failed
    ? 'valuation.failed'
    : !community
      ? 'valuation.ask.community'
      : !data
        ? 'valuation.loading'
        : !chosenKind
          ? 'valuation.ask.kind'
          : rooms && bedrooms == null
            ? 'valuation.ask.bedrooms'
            : !size.trim()
              ? 'valuation.prompt'
              : !(amount > 0)
                ? 'valuation.ask.number'
                : null;
  // Sent from /pro at once when the address asks for it (an area guide's button).
  const send = () => {
    if (!found?.enough || !data || !place || !onSend || !choice) return;
    onSend(sentValuation(place, choice, found));
    setSent(true);
  };
  useEffect(() => {
    if (wanted && found?.enough && !sent) send();
  });
  const query = new URLSearchParams({ community, kind: chosenKind, ...(choice?.bedrooms != null ? { bedrooms: String(choice.bedrooms) } : {}), size, unit, send: '1' });

  return (
    <div className="valuation__tool">
      <div className="valuation__fields">
        <label className="valuation__field">
          <span>{t('valuation.community')}</span>
          <select value={place ? community : ''} onChange={(e) => setCommunity(e.target.value)} name="community">
            <option value="" disabled>
              {t('valuation.choose')}
            </option>
            {places.map((p) => (
              <option key={p.key} value={p.key}>
                {placeName(p)}
              </option>
            ))}
          </select>
        </label>
        <label className="valuation__field">
          <span>{t('valuation.kind')}</span>
          <select value={chosenKind} onChange={(e) => setKind(e.target.value as MarketKind)} name="kind" disabled={!data}>
            <option value="" disabled>
              {t('valuation.choose')}
            </option>
            {kinds.map((k) => (
              <option key={k} value={k}>
                {t(`valuation.kind.${k}` as MessageKey)}
              </option>
            ))}
          </select>
        </label>
        {rooms ? (
          <label className="valuation__field">
            <span>{t('valuation.bedrooms')}</span>
            <select value={bedrooms ?? ''} onChange={(e) => setBedrooms(e.target.value === '' ? null : Number(e.target.value))} name="bedrooms">
              <option value="" disabled>
                {t('valuation.choose')}
              </option>
              {BEDROOMS.map((b) => (
                <option key={b} value={b}>
                  {b === 0 ? t('valuation.studio') : t('valuation.rooms', { n: b })}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <div className="valuation__field valuation__size">
          <label htmlFor={`${id}-size`}>{t('valuation.size')}</label>
          <input id={`${id}-size`} name="size" inputMode="decimal" autoComplete="off" value={size} onChange={(e) => setSize(e.target.value)} placeholder={unit === 'sqft' ? '1200' : '110'} />
          <fieldset className="valuation__unit">
            <legend className="visually-hidden">{t('valuation.unit')}</legend>
            {(['sqft', 'sqm'] as const).map((u) => (
              <label key={u}>
                <input type="radio" name={`${id}-unit`} value={u} checked={unit === u} onChange={() => setUnit(u)} />
                <span>{t(`valuation.unit.${u}` as MessageKey)}</span>
              </label>
            ))}
          </fieldset>
        </div>
      </div>

      <div className="valuation__result" aria-live="polite">
        {missing ? (
          <p className="valuation__hint" data-missing={missing.replace('valuation.', '')}>
            {t(missing)}
          </p>
        ) : unusual && chosenKind ? (
          <div className="valuation__question">
            <p className="valuation__hint" data-missing="usual-size">
              {t('valuation.unusual', { size: inUnit(sqft), min: inUnit(USUAL_SQFT[chosenKind][0]), max: inUnit(USUAL_SQFT[chosenKind][1]) })}
            </p>
            <button type="button" className="button button--ghost" onClick={() => setConfirmed(`${size} ${unit}`)}>
              {t('valuation.unusual.confirm')}
            </button>
          </div>
        ) : !found ? null : !found.enough ? (
          <p className="valuation__few">{t('valuation.tooFew', { n: found.sales, months })}</p>
        ) : (
          <>
            <p className="valuation__label">{t('valuation.range')}</p>
            <p className="valuation__range" data-low={found.low} data-high={found.high}>
              <bdi>{aed(found.low)}</bdi> – <bdi>{aed(found.high)}</bdi>
            </p>
            <dl className="valuation__figures">
              <div>
                <dt>{t('valuation.rent')}</dt>
                <dd data-rent={found.rent ?? ''}>{found.rent != null ? t('price.amount.year', { amount: formatNumber(lang, found.rent) }) : t('valuation.rentFew')}</dd>
              </div>
              {found.grossYield != null ? (
                <div>
                  <dt>{t('valuation.yield')}</dt>
                  <dd data-yield={found.grossYield}>{formatPercent(lang, found.grossYield, 1)}</dd>
                </div>
              ) : null}
            </dl>
            <p className="valuation__basis" data-sales={found.figure.sales}>
              {t(found.figure.bedrooms == null ? 'valuation.basisKind' : 'valuation.basis', {
                n: found.figure.sales,
                kind: t(`valuation.kind.${found.figure.kind}` as MessageKey),
                rooms: found.figure.bedrooms === 0 ? t('valuation.studio') : t('valuation.rooms', { n: found.figure.bedrooms ?? 0 }),
                community: place ? placeName(place) : '',
                months,
              })}
            </p>
            {onSend ? (
              <button type="button" className="button button--gold" onClick={send} disabled={sent}>
                {sent ? t('valuation.attached') : t('valuation.send')}
              </button>
            ) : (
              <Link className="button button--gold" to={`/pro?${query.toString()}#seller-form`}>
                {t('valuation.send')}
              </Link>
            )}
          </>
        )}
        <p className="valuation__note">{t('valuation.note')}</p>
      </div>
    </div>
  );
}
