import { useMutation } from '@tanstack/react-query';
import type { ContactMessageInput } from '@/contracts/contact';
import { apiRequest } from '@/web/lib/api';

export const sendContactMessage = (input: ContactMessageInput) =>
  apiRequest<{ message: string }>('POST', '/api/contact', input);

/** Sends the /contact form's message to the owner. */
export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
