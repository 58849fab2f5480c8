/**
 * The kind of a CV judged by its bytes alone (never the name or the Content-Type the browser sent):
 * PDF ("%PDF-" header), Word 97–2003 (an OLE compound file holding a "WordDocument" stream) or DOCX
 * (a ZIP whose directory names word/document.xml). A ZIP is judged from its central directory only,
 * never inflated: one that declares more than it may hold uncompressed, or entries squeezed more than
 * a document ever is, is refused as a zip bomb.
 */
export type CvKind = { ext: 'pdf' | 'doc' | 'docx'; mime: string };

const PDF: CvKind = { ext: 'pdf', mime: 'application/pdf' };
const DOC: CvKind = { ext: 'doc', mime: 'application/msword' };
const DOCX: CvKind = { ext: 'docx', mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' };

const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const WORD_STREAM = Buffer.from('WordDocument', 'utf16le');

/** limits of a DOCX's directory */
export const ZIP_LIMITS = { maxEntries: 2000, maxTotalUncompressed: 100 * 1024 * 1024, maxRatio: 200 };

export function sniffCv(bytes: Buffer): CvKind | null {
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return PDF;
  if (bytes.subarray(0, 8).equals(OLE_MAGIC)) return bytes.includes(WORD_STREAM) ? DOC : null;
  if (bytes.length >= 22 && bytes.readUInt32LE(0) === 0x04034b50) return isSafeDocx(bytes) ? DOCX : null;
  return null;
}

interface ZipEntry { name: string; compressed: number; uncompressed: number }

/** The central directory's entries, or null when it cannot be read (or uses ZIP64, which no CV needs). */
export function zipEntries(bytes: Buffer): ZipEntry[] | null {
  // the end-of-central-directory record is in the last 22 + 65,535 bytes (its comment is at most 64 KB)
  const from = Math.max(0, bytes.length - 22 - 0xffff);
  let eocd = -1;
  for (let i = bytes.length - 22; i >= from; i--) {
    if (bytes.readUInt32LE(i) === 0x06054b50) { eocd = i; break; }
  }
  if (eocd < 0) return null;
  const total = bytes.readUInt16LE(eocd + 10);
  const size = bytes.readUInt32LE(eocd + 12);
  const offset = bytes.readUInt32LE(eocd + 16);
  if (total === 0xffff || size === 0xffffffff || offset === 0xffffffff || offset + size > eocd) return null;
  const entries: ZipEntry[] = [];
  let p = offset;
  for (let n = 0; n < total; n++) {
    if (p + 46 > eocd || bytes.readUInt32LE(p) !== 0x02014b50) return null;
    const compressed = bytes.readUInt32LE(p + 20);
    const uncompressed = bytes.readUInt32LE(p + 24);
    const nameLen = bytes.readUInt16LE(p + 28);
    const extraLen = bytes.readUInt16LE(p + 30);
    const commentLen = bytes.readUInt16LE(p + 32);
    if (compressed === 0xffffffff || uncompressed === 0xffffffff) return null;
    entries.push({ name: bytes.subarray(p + 46, p + 46 + nameLen).toString('utf8'), compressed, uncompressed });
    p += 46 + nameLen + extraLen + commentLen;
  }
  return entries;
}

function isSafeDocx(bytes: Buffer): boolean {
  const entries = zipEntries(bytes);
  if (!entries || entries.length > ZIP_LIMITS.maxEntries) return false;
  let total = 0;
  for (const e of entries) {
    total += e.uncompressed;
    if (e.uncompressed > 1024 * 1024 && e.uncompressed > e.compressed * ZIP_LIMITS.maxRatio) return false;
  }
  if (total > ZIP_LIMITS.maxTotalUncompressed) return false;
  const names = new Set(entries.map((e) => e.name));
  return names.has('[Content_Types].xml') && names.has('word/document.xml');
}
