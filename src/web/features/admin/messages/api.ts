import { useQuery } from '@tanstack/react-query';
import type { Page } from '@/contracts/admin/common';
import type { AdminContactMessage } from '@/contracts/admin/contact-messages';
import { adminRequest, adminResource, saved, useAdminMutation } from '../api';

const messagesPath = '/api/admin/contact-messages';
const messagesKey = ['admin', 'contact-messages'] as const;
const messages = adminResource(messagesKey, messagesPath);

export function useContactMessages(params: { page: number; pageSize: number }) {
  return useQuery(messages.page<Page<AdminContactMessage>>(params));
}

/** Marks a message answered (the admin role's; staff read the list). */
export function useMarkMessageHandled() {
  return useAdminMutation({
    mutationFn: (message: AdminContactMessage) =>
      adminRequest<AdminContactMessage>('POST', `${messagesPath}/${message.id}/handled`),
    success: (message) => saved(`Message from ${message.name} marked handled`),
    invalidates: [messagesKey],
    errorFallback: 'The message could not be updated',
  });
}
