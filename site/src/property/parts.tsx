// The property page's building blocks (pages/PropertyDetail.tsx): a fact tile, a label and value
// row of its details lists, and the off-plan project particulars Dubai's rules put on its ads.
import type { ReactNode } from 'react';
import type { MessageKey } from '../i18n';
import type { Localized } from '../i18n/content';
import { Icon, type IconName } from '../components/Icon';
import type { Property } from '../types';

type Detail = Localized<Property>;

export function Fact({ icon, label, value }: { icon: IconName; label: string; value: string }) {
  return (
    <div className="fact-tile">
      {/* The icon inside the <dt>: a <dl>'s <div> may hold only <dt> and <dd> (vnu). */}
      <dt>
        <Icon name={icon} size={22} />
        <span>{label}</span>
      </dt>
      <dd>{value}</dd>
    </div>
  );
}

export function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

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
