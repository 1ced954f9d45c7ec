// The error body of the API (RFC 9457), shared by the server that writes it and the browser
// client that reads it.

export interface FieldError {
  /** Dotted path of the field, e.g. `form.email`. */
  path: string;
  message: string;
}

export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  errors?: FieldError[];
  instance?: string;
}
