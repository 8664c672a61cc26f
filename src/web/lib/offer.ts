import { business } from '@/contracts/business';
import { formatCents, formatCount } from '@/contracts/money';

/** The offer's numbers as the pages word them, all from the business constants. */
export const offer = {
  monthly: formatCents(business.monthlyPriceCents, { wholeDollars: true }),
  minimumTotal: formatCents(business.monthlyPriceCents * business.minimumMonths, { wholeDollars: true }),
  deliveryFee: formatCents(business.deliveryFeeWithoutMinimumCents, { wholeDollars: true }),
  earlyTerminationFee: formatCents(business.earlyTerminationFeeCents, { wholeDollars: true }),
  minimumBtu: formatCount(business.minimumBtu),
  minimumMonths: business.minimumMonths,
  freeMiles: business.freeDeliveryMiles,
  noticeDays: business.cancellationNoticeDays,
};
