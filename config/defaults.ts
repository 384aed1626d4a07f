/** App defaults from SPEC §2 and §9, in one place. */

/** SPEC §2: the page title when no route sets one. */
export const DEFAULT_TITLE = '';

/** SPEC §9: message toasts last 3 seconds by default. */
export const TOAST_DURATION_S = 3;

/** SPEC §9: notifications auto-close after 1.5 s, 65 px from the top. */
export const NOTIFICATION_DURATION_S = 1.5;
export const NOTIFICATION_TOP_PX = 65;
