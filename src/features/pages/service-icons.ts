/** The icons a service card may name (content/services); drawn in ui/service-icon.tsx. */
export const serviceIcons = ['cloud', 'code', 'data', 'team', 'delivery', 'consulting'] as const;
export type ServiceIcon = (typeof serviceIcons)[number];
