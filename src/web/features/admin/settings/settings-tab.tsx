import { useIsAdminRole } from '../me-api';
import { SectionCard } from '../ui/section-card';
import { DeliveryCapacityCard } from './delivery-capacity-card';
import { LeadsCard } from './leads-card';
import { ServiceAreaCard } from './service-area-card';

/**
 * The owner's settings (admin role): where we deliver and what it costs, when the van can come and how many visits
 * it can make, and the leads from beyond the area.
 */
export function SettingsTab() {
  if (!useIsAdminRole()) {
    return (
      <SectionCard title="Settings">
        <p className="text-sm text-muted-foreground">Only an administrator can change the business settings.</p>
      </SectionCard>
    );
  }
  return (
    <div className="grid gap-6">
      <ServiceAreaCard />
      <DeliveryCapacityCard />
      <LeadsCard />
    </div>
  );
}
