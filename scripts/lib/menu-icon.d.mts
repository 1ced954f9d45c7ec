/** See menu-icon.mjs. */
export const MENU_ICON: { open: string; close: string };
