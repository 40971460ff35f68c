// The property page's advertising particulars, which Dubai's rules put on every property ad: the
// permit number (linked to the permit) and its QR code; an off-plan project's name, RERA project
// number and escrow account; the listing's reference, the agency's ORN and the agent's BRN.
import type { MessageKey } from '../i18n';
import { useT } from '../i18n';
import { useLang, useSite } from '../shell';
import { PropertySection, Row } from './parts';
import type { Agent, Detail } from './loader';

/**
 * An off-plan project's particulars that Dubai's rules put on its ads: label, value, and whether
 * the value is English words (the project's name as RERA registers it; the others are numbers).
 */
export function projectParticulars(property: Detail): [MessageKey, string | undefined, boolean][] {
  return [
    ['property.projectName', property.projectName, true],
    ['property.projectNumber', property.projectNumber, false],
    ['property.escrowAccount', property.escrowAccount, false],
  ];
}

/** `qr`: the permit's QR code (an image address), when the listing has one. */
export function ComplianceSection({ property, qr, agent }: { property: Detail; qr: string | null; agent: Agent | null }) {
  const t = useT();
  const lang = useLang();
  const site = useSite();
  const offPlan = property.mainCategory === 'OffPlan';
  return (
    <PropertySection name="compliance" title={t('property.compliance')}>
      <div className="compliance">
        {qr && property.permitUrl ? (
          <a className="compliance__qr" href={property.permitUrl} target="_blank" rel="noopener">
            <img src={qr} alt={t('property.qr.alt', { permit: property.permitNumber ?? '' })} width={132} height={132} loading="lazy" />
            <span>{t('property.qr.hint')}</span>
          </a>
        ) : null}
        <dl className="details-list compliance__list">
          <Row label={t('property.permit')}>
            {property.permitNumber ? (
              property.permitUrl ? (
                <a href={property.permitUrl} target="_blank" rel="noopener" className="text-link">
                  {property.permitNumber}
                </a>
              ) : (
                property.permitNumber
              )
            ) : (
              t('card.na')
            )}
          </Row>
          {/* Off-plan ads name the project as registered with RERA (N/A where the listing
              lacks a particular, as for the permit); other listings only where given. */}
          {projectParticulars(property).map(([key, value, english]) =>
            offPlan || value ? (
              <Row key={key} label={t(key)}>
                {value && english && lang !== 'en' ? <span lang="en">{value}</span> : (value ?? t('card.na'))}
              </Row>
            ) : null,
          )}
          {property.reference ? <Row label={t('property.reference')}>{property.reference}</Row> : null}
          <Row label={t('property.orn')}>{site.orn}</Row>
          {agent?.brn ? <Row label={t('property.brn')}>{agent.brn}</Row> : null}
        </dl>
      </div>
    </PropertySection>
  );
}
