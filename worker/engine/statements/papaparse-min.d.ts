// The part of papaparse's API the statement parser uses, typed here because its published types pull in Node's
// (stream) and the engine is checked without them. The import names the browser build, which has no Node code.
declare module 'papaparse/papaparse.min.js' {
  type StepResult = {
    data: string[];
    errors: { type: string; code: string; message: string; row?: number }[];
    meta: { delimiter: string; linebreak: string; cursor: number };
  };
  type ParseConfig = {
    delimiter?: string;
    newline?: string;
    quoteChar?: string;
    skipEmptyLines?: boolean | 'greedy';
    delimitersToGuess?: string[];
    step?: (result: StepResult) => void;
  };
  const Papa: { parse(input: string, config: ParseConfig): void };
  export default Papa;
}
