// The one CSV writer of every export: RFC 4180 quoting (a field holding the separator, a comma,
// a quote, a line break or edge spaces is quoted, quotes doubled), CRLF line ends, UTF-8 with a
// BOM for French Excel, ';' as separator (the decimal comma is French Excel's). Text that a
// spreadsheet would run as a formula gets a leading apostrophe.

/** Starts a formula in Excel, LibreOffice or Sheets, also after spaces or as a full-width sign. */
const FORMULA_START = /^[\s\u00a0]*[=+\-@\uff1d\uff0b\uff0d\uff20]|^[\t\r\n]/;

export function csvField(value: string | number | null | undefined, separator = ';'): string {
  if (value === null || value === undefined) return '';
  let s = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : String(value);
  if (typeof value === 'string' && FORMULA_START.test(s)) s = `'${s}`;
  // the comma is quoted too: a file opened with a comma separator must not split a name
  const needsQuotes = s.includes(separator) || /[",\r\n]/.test(s) || s !== s.trim();
  return needsQuotes ? `"${s.replace(/"/g, '""')}"` : s;
}

export function csvDocument(rows: ReadonlyArray<ReadonlyArray<string | number | null | undefined>>, separator = ';'): string {
  return `\uFEFF${rows.map((r) => r.map((v) => csvField(v, separator)).join(separator)).join('\r\n')}\r\n`;
}
