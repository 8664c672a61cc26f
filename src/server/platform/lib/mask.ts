/**
 * What a page shows of a customer's identifiers to a browser that has not shown it is theirs (issue 31, item 5):
 * enough to recognise ("j•••@example.com", "order-K7••••••"), not enough to ask for account access with.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '•••';
  return `${email[0]}•••${email.slice(at)}`;
}

export function maskOrderNumber(orderNumber: string): string {
  const dash = orderNumber.indexOf('-');
  const prefix = orderNumber.slice(0, dash + 1);
  const code = orderNumber.slice(dash + 1);
  return `${prefix}${code.slice(0, 2)}${'•'.repeat(Math.max(0, code.length - 2))}`;
}
