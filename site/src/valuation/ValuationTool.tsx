// 'What is my home worth?': a seller picks a community, a kind, bedrooms and the size (sqft or
// m²) and at once sees an estimated range, a rent estimate and the gross yield (estimate.ts), from
// the community's data/valuation/{key}.json, with how many sales it rests on and their months, or
// 'too few sales to estimate' under 10. Its button turns the estimate into a seller lead: on /pro
// it is attached to the seller form below (`onSend`); elsewhere (an area guide) it leads to /pro
// with the choice in the address, where the tool reads it back and attaches it.
// Loaded when its section comes near the viewport (ValuationSection.tsx), with these styles and
// its 'Valuation' messages.
import { useEffect, useId, useMemo, useState } from 'react';
import { getJson } from '../data';
import { SITE, type JsonFile } from '../paths';
import type { Lang, MessageKey, Translate } from '../i18n';
import { Link } from '../i18n/link';
import { termIn } from '../i18n/content';
import { formatMonth } from '../dates';
import { formatNumber, formatPercent } from '../format';
import type { LeadValuation, MarketKind, ValuationData, ValuationPlace } from '../types';
import { estimate, leadValuation, type Unit } from './estimate';
import './valuation.css';

export interface ValuationToolProps {
  t: Translate;
  lang: Lang;
  /** The community the tool starts at (an area guide's). */
  community?: string;
  /** On /pro: attach the estimate to the seller form. */
  onSend?: (valuation: LeadValuation) => void;
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
  };
}

export function ValuationTool({ t, lang, community: start, onSend }: ValuationToolProps) {
  const id = useId();
  const asked = useMemo(fromAddress, []);
  const [places, setPlaces] = useState<ValuationPlace[]>([]);
  const [names, setNames] = useState<Parameters<typeof termIn>[0]>();
  const [community, setCommunity] = useState(asked.community ?? start ?? '');
  const [kind, setKind] = useState<MarketKind>(asked.kind ?? 'apartment');
  const [bedrooms, setBedrooms] = useState<number | null>(asked.bedrooms ?? 2);
  const [size, setSize] = useState(asked.size ?? '');
  const [unit, setUnit] = useState<Unit>(asked.unit ?? 'sqft');
  const [data, setData] = useState<ValuationData | null>(null);
  const [sent, setSent] = useState(false);

  useEffect(() => {
    void Promise.all([getJson(VALUATIONS), getJson(SITE)]).then(([list, site]) => {
      setPlaces(list);
      setNames(site.vocabulary.communities);
      setCommunity((current) => (list.some((p) => p.key === current) ? current : (list[0]?.key ?? '')));
    });
  }, []);
  useEffect(() => {
    if (!community) return;
    let live = true;
    setData(null);
    void load(community).then((file) => live && setData(file));
    return () => {
      live = false;
    };
  }, [community]);

  const place = places.find((p) => p.key === community);
  const placeName = (p: ValuationPlace) => termIn(names, lang, p.name).name;
  const kinds = data ? KINDS.filter((k) => data.figures.some((f) => f.kind === k)) : KINDS.slice(0, 2);
  const rooms = kind === 'apartment' || kind === 'villa';
  const choice = { kind, bedrooms: rooms ? bedrooms : null, size: Number(size.replace(/[,\s]/g, '')), unit };
  const found = data ? estimate(data, choice) : null;
  const aed = (amount: number) => t('price.amount', { amount: formatNumber(lang, amount) });
  const months = data ? t('valuation.months', { from: formatMonth(lang, data.from), to: formatMonth(lang, data.to) }) : '';
  // Sent from /pro at once when the address asks for it (an area guide's button).
  const send = () => {
    if (!found?.enough || !data || !place || !onSend) return;
    onSend(leadValuation(place.name, data, choice, found));
    setSent(true);
  };
  const wanted = useMemo(() => typeof window !== 'undefined' && new URLSearchParams(window.location.search).has('send'), []);
  useEffect(() => {
    if (wanted && found?.enough && !sent) send();
  });
  const query = new URLSearchParams({ community, kind, ...(choice.bedrooms != null ? { bedrooms: String(choice.bedrooms) } : {}), size, unit, send: '1' });

  return (
    <div className="valuation__tool">
      <div className="valuation__fields">
        <label className="valuation__field">
          <span>{t('valuation.community')}</span>
          <select value={community} onChange={(e) => setCommunity(e.target.value)} name="community">
            {places.map((p) => (
              <option key={p.key} value={p.key}>
                {placeName(p)}
              </option>
            ))}
          </select>
        </label>
        <label className="valuation__field">
          <span>{t('valuation.kind')}</span>
          <select value={kind} onChange={(e) => setKind(e.target.value as MarketKind)} name="kind">
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
          <input id={`${id}-size`} name="size" inputMode="numeric" autoComplete="off" value={size} onChange={(e) => setSize(e.target.value)} placeholder={unit === 'sqft' ? '1200' : '110'} />
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
        {!found ? (
          <p className="valuation__hint">{t('valuation.prompt')}</p>
        ) : !found.enough ? (
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
