/**
 * A refusal of the identity provider's own JSON calls, answered as OAuth errors are:
 * `{ error, error_description }` with the status (the description in Japanese: a user may see it).
 */
export class IdpError extends Error {
  readonly statusCode: number;
  readonly error: string;

  constructor(statusCode: number, error: string, description: string) {
    super(description);
    this.name = 'IdpError';
    this.statusCode = statusCode;
    this.error = error;
  }
}
