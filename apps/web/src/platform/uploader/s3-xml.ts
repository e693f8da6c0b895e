import type { StoredPart } from './parts.ts';

/**
 * The few S3 XML answers the uploader reads. Parsed with the browser's DOMParser by local name,
 * so the S3 namespace (present on AWS, absent on some compatible stores) does not matter.
 */
function parse(xml: string): Document {
  return new DOMParser().parseFromString(xml, 'application/xml');
}

function text(parent: Document | Element, name: string): string | null {
  const found = parent.getElementsByTagNameNS('*', name)[0] ?? parent.getElementsByTagName(name)[0];
  return found?.textContent ?? null;
}

export function uploadIdOf(xml: string): string | null {
  return text(parse(xml), 'UploadId');
}

export interface ListedParts {
  parts: StoredPart[];
  /** Set when the store has more parts than it answered: ask again from this part number. */
  nextMarker: number | null;
}

export function listedParts(xml: string): ListedParts {
  const doc = parse(xml);
  const elements = [...doc.getElementsByTagNameNS('*', 'Part')];
  const parts = (elements.length ? elements : [...doc.getElementsByTagName('Part')]).map((part) => ({
    partNumber: Number(text(part, 'PartNumber')),
    etag: text(part, 'ETag') ?? '',
    size: Number(text(part, 'Size')),
  }));
  const truncated = text(doc, 'IsTruncated') === 'true';
  const marker = Number(text(doc, 'NextPartNumberMarker'));
  return { parts, nextMarker: truncated && marker > 0 ? marker : null };
}

/** The `Code` of an S3 error body (`ExpiredToken`, `NoSuchUpload`…), or null when there is none. */
export function errorCodeOf(xml: string): string | null {
  if (!xml.includes('<Code>')) return null;
  return text(parse(xml), 'Code');
}

const escape = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function completeBody(parts: { partNumber: number; etag: string }[]): string {
  const items = parts.map((p) => `<Part><PartNumber>${p.partNumber}</PartNumber><ETag>${escape(p.etag)}</ETag></Part>`).join('');
  return `<CompleteMultipartUpload>${items}</CompleteMultipartUpload>`;
}
