// The forms kernel's public entry for other features' client code (checked by lint,
// eslint.config.mjs): the pieces every form's page has. Schemas are '@/features/forms/schema',
// the server's code '@/features/forms/server'.
export { ConsentNotice } from './ui/consent-notice';
export { Honeypot } from './ui/honeypot';
export { useFormSubmit } from './ui/use-form-submit';
