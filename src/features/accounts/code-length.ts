// The sign-up code's length, apart from the schema so the form can use it before zod loads.
export const CODE_LENGTH = 6;
