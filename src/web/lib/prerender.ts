import type { DehydratedState } from '@tanstack/react-query';
import type { NamespaceMessages } from '../i18n';

/** The `<script type="application/json">` a prerendered page carries its queries' data in (ADR 027). */
export const PRERENDER_STATE_ID = 'prerender-state';

/** What a prerendered page was rendered from: its queries' data and the messages of the namespaces it shows. */
export type PrerenderState = DehydratedState & { messages: NamespaceMessages };
