import { useIsAdminRole } from '../me-api';
import { SectionCard } from '../ui/section-card';
import { LeadsCard } from './leads-card';
import { ServiceAreaCard } from './service-area-card';

/** The owner's settings: where we deliver and what it costs, and the leads from beyond the area (admin role). */
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
      <LeadsCard />
    </div>
  );
}
