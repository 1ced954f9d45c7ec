/** Visitor-typed text for the operator's terminal: control and direction-override characters shown as "?". */
export const printable = (value: string) => value.replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, '?');
