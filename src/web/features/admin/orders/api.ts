import { useIsMutating, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '@/contracts/admin/common';
import type { AdminUnitModel } from '@/contracts/admin/inventory';
import type { CreditInput, RefundInput } from '@/contracts/admin/money-back';
import type { DeliveryWindow } from '@/contracts/delivery-windows';
import { formatCents } from '@/contracts/money';
import type {
  AdminOrderDetail,
  AdminOrderListItem,
  CancellationDecisionInput,
  CancellationDecisionResult,
  OrderStatus,
} from '@/contracts/admin/orders';
import type {
  CustomerLookupResult,
  PhoneOrderCreated,
  PhoneOrderInput,
  PhoneOrderLinkResent,
} from '@/contracts/phone-orders';
import {
  adminKeys,
  adminRequest,
  adminResource,
  csvExportUrl,
  saved,
  useAdminMutation,
  type MutationCallbacks,
} from '../api';

const ordersPath = '/api/admin/orders';
const orders = adminResource(adminKeys.orders, ordersPath);
// The inventory tab's list of models (the same query, so one cache): the New order form's model picker.
const unitModels = adminResource(adminKeys.unitModels, '/api/admin/unit-models');

export type OrderListParams = {
  status: string;
  planType: string;
  startDate: string;
  endDate: string;
  search: string;
  page: number;
  pageSize: number;
};

/** Every change made from one order's dialog shares this key, so its buttons wait for each other. */
const actionKey = (orderId: string) => [...adminKeys.orders, 'action', orderId];

export function useOrders(params: OrderListParams) {
  return useQuery(orders.page<Page<AdminOrderListItem>>(params, `${ordersPath}/filtered`));
}

/** Every order the filters match, as CSV. */
export const ordersCsvUrl = (filters: Omit<OrderListParams, 'page' | 'pageSize'>) =>
  csvExportUrl(`${ordersPath}/export.csv`, filters);

export function useOrder(id: string | null) {
  return useQuery(orders.one<AdminOrderDetail>(id));
}

/** Whether any change to this order is on its way (one at a time, from any section of its dialog). */
export function useOrderActionPending(orderId: string): boolean {
  return useIsMutating({ mutationKey: actionKey(orderId) }) > 0;
}

/** An order change: it moves the order, its unit, the stats and the customer's history, so all of those refresh. */
function useOrderAction<TVariables>(
  orderId: string,
  mutationFn: (variables: TVariables) => Promise<unknown>,
  done: (variables: TVariables) => string,
  callbacks: MutationCallbacks<unknown, TVariables>,
) {
  return useAdminMutation({
    ...callbacks,
    mutationKey: actionKey(orderId),
    mutationFn,
    success: (_data, variables) => saved(done(variables)),
    invalidates: [adminKeys.orders, adminKeys.stats, adminKeys.units, adminKeys.customers],
    errorFallback: 'The change could not be saved',
  });
}

/** Assigns an available unit to an active order, or swaps its unit for another. */
export function useAssignUnit(orderId: string, swap: boolean, callbacks: MutationCallbacks<unknown, string> = {}) {
  return useOrderAction(
    orderId,
    (unitId: string) => adminRequest('POST', `${ordersPath}/${orderId}/unit`, { unitId }),
    () => (swap ? 'Unit swapped' : 'Unit assigned'),
    callbacks,
  );
}

export function useChangeOrderStatus(orderId: string, callbacks: MutationCallbacks<unknown, OrderStatus> = {}) {
  return useOrderAction(
    orderId,
    (status: OrderStatus) => adminRequest('POST', `${ordersPath}/${orderId}/status`, { status }),
    (status) => `Order marked ${status}`,
    callbacks,
  );
}

export function useCompleteDeliveryTask(orderId: string) {
  return useOrderAction(
    orderId,
    (task: { id: string; type: string }) => adminRequest('POST', `/api/admin/delivery-tasks/${task.id}/complete`),
    (task) => `The ${task.type} is marked done`,
    {},
  );
}

/** Approves or declines a cancellation request; an approval answers the pickup to book next (`onPickup`). */
export function useDecideCancellation(orderId: string, onPickup: (pickupId: string) => void) {
  return useOrderAction(
    orderId,
    ({ requestId, ...decision }: CancellationDecisionInput & { requestId: string }) =>
      adminRequest<CancellationDecisionResult>(
        'POST',
        `/api/admin/cancellation-requests/${requestId}/decision`,
        decision,
      ),
    ({ decision }) =>
      decision === 'approved'
        ? 'Cancellation request approved: now book the pickup'
        : `Cancellation request ${decision}`,
    {
      onSuccess: (result) => {
        const { pickupId } = result as CancellationDecisionResult;
        if (pickupId) onPickup(pickupId);
      },
    },
  );
}

/** Refunds the whole or part of a paid invoice or fee of the order, through the payment provider (admin only). */
export function useRefund(orderId: string, callbacks: MutationCallbacks<unknown, RefundInput> = {}) {
  return useOrderAction(
    orderId,
    (refund: RefundInput) => adminRequest('POST', `${ordersPath}/${orderId}/refunds`, refund),
    (refund) => `${formatCents(refund.amountCents)} refunded`,
    callbacks,
  );
}

/** Credits the order's customer, for their next bill, through the payment provider (admin only). */
export function useCredit(
  orderId: string,
  customerId: string,
  callbacks: MutationCallbacks<unknown, CreditInput> = {},
) {
  return useOrderAction(
    orderId,
    (credit: CreditInput) => adminRequest('POST', `/api/admin/customers/${customerId}/credits`, credit),
    (credit) => `${formatCents(credit.amountCents)} credited`,
    callbacks,
  );
}

/** The catalog's models with their monthly and weekly prices, for a phone order's model picker. */
export function useOrderableModels() {
  return useQuery({
    ...unitModels.all<AdminUnitModel[]>(),
    select: (models) => models.filter((model) => model.active),
  });
}

/** An existing customer by exact e-mail or phone number (digits compared); a lookup, so no toast and no refresh. */
export function useCustomerLookup() {
  return useMutation({
    mutationFn: (q: string) =>
      adminRequest<CustomerLookupResult>('GET', `${ordersPath}/customer-lookup?q=${encodeURIComponent(q)}`),
  });
}

/** An order taken by phone: its unit is held and the customer is e-mailed a link to sign and pay. */
export function useCreatePhoneOrder(callbacks: MutationCallbacks<PhoneOrderCreated, PhoneOrderInput> = {}) {
  return useAdminMutation({
    ...callbacks,
    mutationFn: (order: PhoneOrderInput) => adminRequest<PhoneOrderCreated>('POST', ordersPath, order),
    // No toast: the dialog stays open on the order created, its number and the link sent (new-order-dialog.tsx).
    invalidates: [adminKeys.orders, adminKeys.stats, adminKeys.units, adminKeys.customers],
    errorFallback: 'The order could not be created',
  });
}

// Under the orders root: an order created (or any order change) refreshes the room left in each window.
const deliveryWindowsKey = [...adminKeys.orders, 'delivery-windows'] as const;

/**
 * The delivery windows a phone order can book: the 14 days from the start date, each with the visits it can still
 * take, as checkout offers them (GET /api/delivery-windows). Always asked afresh: other orders fill windows.
 */
export function useDeliveryWindowOffer(
  asked: { zipCode: string; startDate: string },
  { enabled }: { enabled: boolean },
) {
  return useQuery({
    queryKey: [...deliveryWindowsKey, asked.zipCode, asked.startDate],
    queryFn: () =>
      adminRequest<DeliveryWindow[]>(
        'GET',
        `/api/delivery-windows?zip=${encodeURIComponent(asked.zipCode)}&from=${encodeURIComponent(asked.startDate)}`,
      ),
    enabled,
    staleTime: 0,
  });
}

/** Asks for the windows again (a window the order asked for filled up meanwhile). */
export function useRefreshDeliveryWindowOffer() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: deliveryWindowsKey });
}

/** A new link for a pending phone order, e-mailed to the customer; the old link stops working. */
export function useResendOrderLink(orderId: string) {
  return useOrderAction(
    orderId,
    () => adminRequest<PhoneOrderLinkResent>('POST', `${ordersPath}/${orderId}/link`),
    () => 'A new link was e-mailed to the customer; the old one no longer works',
    {},
  );
}
