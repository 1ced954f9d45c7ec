/** See locale-picker-script.mjs. */
export function localePickerScript(prefixes: Record<string, string>): string;
export function isLocalePickerScript(code: string): boolean;
