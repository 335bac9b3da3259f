// The one error a statement file can end in: a typed code for the program and a message written for the user.
// A file that fails this way produces no rows at all (nothing is half-imported).

export type StatementErrorCode =
  /** The file has no bytes or only blank lines. */
  | 'empty'
  /** Not a bank statement (a PDF, a spreadsheet, an image, a CSV with no dates and amounts, ...). */
  | 'not_a_statement'
  /** A statement format or variant this version cannot read (OFX investment statement, QIF investments, ...). */
  | 'unsupported'
  /** The column mapping given for a CSV does not fit the file. */
  | 'bad_mapping';

export class StatementFileError extends Error {
  readonly code: StatementErrorCode;
  constructor(code: StatementErrorCode, message: string) {
    super(message);
    this.name = 'StatementFileError';
    this.code = code;
  }
}
