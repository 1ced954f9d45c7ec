// The phone menu button's icon, drawn by MobileMenu (src/ui/layout/mobile-menu.tsx) and switched
// by the page's loader before the page has hydrated (src/server/http/scripts-after-paint.ts).

/** Three bars to open the menu, a cross to close it: an SVG path each. */
export const MENU_ICON = { open: 'M4 7h16M4 12h16M4 17h16', close: 'M6 6l12 12M18 6L6 18' };
