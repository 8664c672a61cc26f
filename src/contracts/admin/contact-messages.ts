import { z } from 'zod';
import { pageOf, pageParams } from './common';

/** The dashboard's Messages: what visitors sent through /contact, newest first. */
export const adminContactMessage = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  message: z.string(),
  locale: z.string(),
  createdAt: z.string(),
  handledAt: z.string().nullable(),
});
export type AdminContactMessage = z.infer<typeof adminContactMessage>;

export const contactMessageListQuery = z.object({ ...pageParams });
export type ContactMessageListQuery = z.infer<typeof contactMessageListQuery>;
export const adminContactMessageList = pageOf(adminContactMessage);
