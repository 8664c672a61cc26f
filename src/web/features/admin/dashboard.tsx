import {
  BarChart3,
  Boxes,
  Inbox,
  ListOrdered,
  Mail,
  Receipt,
  Settings,
  ShoppingCart,
  Truck,
  UserCog,
  Users,
} from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import type { AdminStats } from '@/contracts/admin/stats';
import { Spinner } from '@/web/components/ui/spinner';
import { NeedsAttention } from './attention/needs-attention';
import { BillingClock } from './billing-clock';
import { CustomersTab } from './customers/customers-tab';
import { DeliveriesTab } from './deliveries/deliveries-tab';
import { EmailCenterTab } from './emails/email-center-tab';
import { FeesTab } from './fees/fees-tab';
import { InventoryTab } from './inventory/inventory-tab';
import { useIsAdminRole } from './me-api';
import { MessagesTab } from './messages/messages-tab';
import { OrdersTab } from './orders/orders-tab';
import { SettingsTab } from './settings/settings-tab';
import { StatCards } from './stats/stat-cards';
import { TeamTab } from './team/team-tab';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './ui/tabs';
import { WaitlistTab } from './waitlist/waitlist-tab';

// The charts load (code and data) only when their tab is opened.
const LazyAnalyticsTab = lazy(() => import('./analytics/analytics-tab'));

function AnalyticsTab() {
  return (
    <Suspense fallback={<Spinner label="Loading analytics..." className="w-full py-16" />}>
      <LazyAnalyticsTab />
    </Suspense>
  );
}

const tabs = [
  { value: 'customers', label: 'Customers', icon: Users, Panel: CustomersTab },
  { value: 'orders', label: 'Orders', icon: ShoppingCart, Panel: OrdersTab },
  { value: 'deliveries', label: 'Deliveries & Pickups', icon: Truck, Panel: DeliveriesTab },
  { value: 'fees', label: 'Additional Fees', icon: Receipt, Panel: FeesTab },
  { value: 'email', label: 'Email Center', icon: Mail, Panel: EmailCenterTab },
  { value: 'inventory', label: 'Inventory', icon: Boxes, Panel: InventoryTab },
  { value: 'waitlist', label: 'Waitlist', icon: ListOrdered, Panel: WaitlistTab },
  { value: 'analytics', label: 'Analytics', icon: BarChart3, Panel: AnalyticsTab },
  { value: 'messages', label: 'Messages', icon: Inbox, Panel: MessagesTab },
  // Everyone's own password; the admin role also manages the team there, hence its name for them.
  { value: 'team', label: 'Account', icon: UserCog, Panel: TeamTab },
  { value: 'settings', label: 'Settings', icon: Settings, Panel: SettingsTab },
] as const;

export function Dashboard({ stats }: { stats: AdminStats }) {
  const [tab, setTab] = useState<string>('customers');
  const isAdminRole = useIsAdminRole();
  return (
    <div className="grid grid-cols-1 gap-6">
      <h1 className="text-3xl font-bold tracking-tight">Admin Dashboard</h1>
      <BillingClock />
      <StatCards stats={stats} />
      <NeedsAttention />
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList aria-label="Dashboard sections">
          {tabs.map(({ value, label, icon: Icon }) => (
            <TabsTrigger key={value} value={value}>
              <Icon aria-hidden="true" />
              {value === 'team' && isAdminRole ? 'Team' : label}
            </TabsTrigger>
          ))}
        </TabsList>
        {tabs.map(({ value, Panel }) => (
          <TabsContent key={value} value={value}>
            <Panel />
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
