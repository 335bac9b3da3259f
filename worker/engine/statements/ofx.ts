// OFX and QFX statements, SGML 1.x and XML 2.x: 1.x's unclosed leaf elements are closed by a small normaliser,
// then fast-xml-parser reads both. Each STMTTRN gives a row (FITID is the bank's id; TRNAMT, DTPOSTED, NAME and
// MEMO the rest); LEDGERBAL gives the closing balance. Values are read as text, never as numbers.
import { XMLParser } from 'fast-xml-parser';
import { StatementFileError } from './errors';
import { normalisePayee } from './payee';
import type { ParsedRow, SkippedRow } from './types';
import { AmountFormatError, parseCents, parseStatementDate } from './values';

/** True when the text is OFX/QFX (1.x header, 2.x processing instruction, or an <OFX> root). */
export function looksLikeOfx(text: string): boolean {
  const head = text.slice(0, 2000).replace(/^\uFEFF/, '');
  return /^\s*OFXHEADER\s*:/i.test(head) || /<\?OFX\b/i.test(head) || /<OFX>/i.test(head);
}

// Most values have neither character: they skip both replaces (one per leaf, tens of thousands a statement).
const escapeText = (s: string) =>
  !s.includes('&') && !s.includes('>')
    ? s
    : s.replace(/&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);)/gi, '&amp;').replace(/>/g, '&gt;');

/**
 * SGML OFX to XML: a tag followed by text is a leaf and is closed right after its text (its own close tag, when
 * the file has one, is then dropped); a tag followed by another tag opens an aggregate.
 */
export function sgmlToXml(body: string): string {
  const out: string[] = [];
  const re = /<(\/?)([A-Za-z0-9._]+)>([^<]*)/g;
  let lastLeaf: string | null = null;
  for (let m = re.exec(body); m; m = re.exec(body)) {
    const [, slash, name, after] = m;
    const tag = name.toUpperCase();
    if (slash) {
      if (lastLeaf !== tag) out.push(`</${tag}>`);
      lastLeaf = null;
      continue;
    }
    const text = after.trim();
    if (text !== '') {
      out.push(`<${tag}>${escapeText(text)}</${tag}>`);
      lastLeaf = tag;
    } else {
      out.push(`<${tag}>`);
      lastLeaf = null;
    }
  }
  return out.join('');
}

type Node = { [key: string]: unknown };

/** Every value under `key` anywhere in the tree (STMTTRN sits at different depths for bank and card statements). */
function findAll(node: unknown, key: string, into: unknown[] = []): unknown[] {
  if (Array.isArray(node)) {
    for (const n of node) findAll(n, key, into);
  } else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node as Node)) {
      if (k === key) {
        if (Array.isArray(v)) into.push(...v);
        else into.push(v);
      } else findAll(v, key, into);
    }
  }
  return into;
}

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');

/** OFX dates are YYYYMMDD[HHMMSS[.XXX]][[offset:TZ]]: the date as the bank wrote it. */
function ofxDate(raw: string): string | null {
  const m = /^(\d{8})/.exec(raw.trim());
  return m ? parseStatementDate(m[1], 'ymd') : null;
}

export type OfxRead = {
  rows: ParsedRow[];
  skipped: SkippedRow[];
  closing_balance_cents: number | null;
  closing_balance_date: string | null;
  warnings: string[];
};

export function readOfx(source: string): OfxRead {
  const start = source.search(/<OFX>/i);
  if (start < 0)
    throw new StatementFileError('not_a_statement', 'This OFX file has no <OFX> section: it is not a statement.');
  const isXml = /<\?xml\b/i.test(source.slice(0, start)) || /<\?OFX\b/i.test(source.slice(0, start));
  const body = source.slice(start);
  const xml = isXml ? body : sgmlToXml(body);
  let tree: unknown;
  try {
    tree = new XMLParser({
      ignoreAttributes: true,
      parseTagValue: false,
      trimValues: true,
      processEntities: true,
      isArray: (name) => name === 'STMTTRN',
      // The callback needs only the tag's name: without this the parser writes out the whole path for every tag.
      jPath: false,
    }).parse(xml);
  } catch (err) {
    const detail = err instanceof Error ? err.message.split('\n')[0] : String(err);
    throw new StatementFileError('not_a_statement', `This OFX file could not be read (${detail}).`);
  }
  if (findAll(tree, 'INVSTMTRS').length > 0 && findAll(tree, 'STMTTRN').length === 0) {
    throw new StatementFileError(
      'unsupported',
      'This is an investment statement (OFX INVSTMTRS); only bank and card statements can be imported.',
    );
  }
  const transactions = findAll(tree, 'STMTTRN');
  const statements = findAll(tree, 'STMTRS').length + findAll(tree, 'CCSTMTRS').length;
  if (statements === 0 && transactions.length === 0) {
    throw new StatementFileError('not_a_statement', 'This OFX file has no bank or card statement in it.');
  }
  const rows: ParsedRow[] = [];
  const skipped: SkippedRow[] = [];
  transactions.forEach((t, i) => {
    const line = i + 1;
    const n = (t ?? {}) as Node;
    const date = ofxDate(text(n.DTPOSTED)) ?? ofxDate(text(n.DTUSER));
    if (!date) {
      skipped.push({ line, reason: `transaction ${line}: no valid DTPOSTED date ("${text(n.DTPOSTED)}")` });
      return;
    }
    let amount: number | null;
    try {
      amount = parseCents(text(n.TRNAMT));
    } catch (err) {
      if (!(err instanceof AmountFormatError)) throw err;
      skipped.push({ line, reason: `transaction ${line}: ${err.message}` });
      return;
    }
    if (amount === null) {
      skipped.push({ line, reason: `transaction ${line}: no TRNAMT amount` });
      return;
    }
    const name = text(n.NAME) || text((n.PAYEE as Node | undefined)?.NAME);
    const memo = text(n.MEMO);
    const description = name && memo && !name.includes(memo) ? `${name} ${memo}` : name || memo;
    const fitid = text(n.FITID);
    rows.push({
      line,
      date,
      amount_cents: amount,
      description,
      payee: normalisePayee(name || memo),
      bank_id: fitid === '' ? null : fitid,
      balance_cents: null,
    });
  });
  let closing: number | null = null;
  let closingDate: string | null = null;
  const ledger = findAll(tree, 'LEDGERBAL')[0] as Node | undefined;
  if (ledger) {
    try {
      closing = parseCents(text(ledger.BALAMT));
      closingDate = ofxDate(text(ledger.DTASOF));
    } catch {
      closing = null;
    }
  }
  const warnings =
    statements > 1 ? [`This file holds ${statements} statements; all their rows are read as one account.`] : [];
  return { rows, skipped, closing_balance_cents: closing, closing_balance_date: closingDate, warnings };
}
