// The forms kernel's public entry for the schemas of other features' forms, on the client and the
// server alike (checked by lint, eslint.config.mjs): the fields, the request every form is sent
// in, and the bot traps.
export { email, name, optionalLine, optionalText, phone, requiredLine, requiredText, singleLine } from './fields';
export { formRequest } from './context';
export { checkTraps, SpamTraps, type SpamReason } from './traps';
