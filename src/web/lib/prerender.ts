/** The `<script type="application/json">` a prerendered page carries its queries' data in (ADR 027). */
export const PRERENDER_STATE_ID = 'prerender-state';
