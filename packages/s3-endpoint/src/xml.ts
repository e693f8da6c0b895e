import { S3Error } from './s3-error.ts';

const NS = 'http://s3.amazonaws.com/doc/2006-03-01/';
const DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c);
}

function unescapeXml(text: string): string {
  return text.replace(/&(quot|amp|lt|gt|apos|#(\d+)|#x([0-9a-f]+));/gi, (_, name: string, dec?: string, hex?: string) => {
    if (dec) return String.fromCodePoint(Number(dec));
    if (hex) return String.fromCodePoint(parseInt(hex, 16));
    return { quot: '"', amp: '&', lt: '<', gt: '>', apos: "'" }[name.toLowerCase()] ?? '';
  });
}

function element(name: string, value: string | number | boolean): string {
  return `<${name}>${escapeXml(String(value))}</${name}>`;
}

export function errorXml(code: string, message: string, requestId: string, resource?: string): string {
  return `${DECLARATION}<Error>${element('Code', code)}${element('Message', message)}${resource ? element('Resource', resource) : ''}${element('RequestId', requestId)}</Error>`;
}

export function initiateXml(bucket: string, key: string, uploadId: string): string {
  return `${DECLARATION}<InitiateMultipartUploadResult xmlns="${NS}">${element('Bucket', bucket)}${element('Key', key)}${element('UploadId', uploadId)}</InitiateMultipartUploadResult>`;
}

export function completeXml(location: string, bucket: string, key: string, etag: string): string {
  return `${DECLARATION}<CompleteMultipartUploadResult xmlns="${NS}">${element('Location', location)}${element('Bucket', bucket)}${element('Key', key)}${element('ETag', etag)}</CompleteMultipartUploadResult>`;
}

export interface PartListing {
  bucket: string;
  key: string;
  uploadId: string;
  marker: number;
  maxParts: number;
  truncated: boolean;
  parts: { partNumber: number; etag: string; size: number; lastModified: Date }[];
}

export function listPartsXml(listing: PartListing): string {
  const parts = listing.parts
    .map((p) => `<Part>${element('PartNumber', p.partNumber)}${element('LastModified', p.lastModified.toISOString())}${element('ETag', p.etag)}${element('Size', p.size)}</Part>`)
    .join('');
  const next = listing.parts.at(-1)?.partNumber ?? listing.marker;
  return (
    `${DECLARATION}<ListPartsResult xmlns="${NS}">${element('Bucket', listing.bucket)}${element('Key', listing.key)}${element('UploadId', listing.uploadId)}` +
    `${element('PartNumberMarker', listing.marker)}${element('NextPartNumberMarker', next)}${element('MaxParts', listing.maxParts)}` +
    `${element('IsTruncated', listing.truncated)}${element('StorageClass', 'STANDARD')}${parts}</ListPartsResult>`
  );
}

export interface RequestedPart {
  partNumber: number;
  etag: string;
}

/**
 * Reads the part list of CompleteMultipartUpload. The document is small and flat (Part elements
 * holding PartNumber and ETag, maybe checksums), so a pattern reader does; anything else is MalformedXML.
 */
export function parseCompleteXml(text: string): RequestedPart[] {
  if (!/<CompleteMultipartUpload[\s>]/.test(text)) throw new S3Error('MalformedXML', 'The XML you provided was not well-formed.');
  const parts: RequestedPart[] = [];
  for (const match of text.matchAll(/<Part>([\s\S]*?)<\/Part>/g)) {
    const body = match[1] ?? '';
    const number = /<PartNumber>\s*(\d{1,5})\s*<\/PartNumber>/.exec(body)?.[1];
    const etag = /<ETag>([\s\S]*?)<\/ETag>/.exec(body)?.[1];
    if (!number || etag === undefined) throw new S3Error('MalformedXML', 'Each Part needs a PartNumber and an ETag.');
    parts.push({ partNumber: Number(number), etag: unescapeXml(etag).trim() });
  }
  if (parts.length === 0) throw new S3Error('MalformedXML', 'The XML you provided was not well-formed.');
  return parts;
}

export interface ObjectListing {
  bucket: string;
  prefix: string;
  maxKeys: number;
  /** Keys as they go on the wire: url-encoded when the client asked for `encoding-type=url`. */
  encode(key: string): string;
  encodingType: string | undefined;
  continuationToken: string | undefined;
  startAfter: string | undefined;
  nextContinuationToken: string | undefined;
  objects: { key: string; lastModified: string; etag: string; size: number }[];
}

export function listObjectsXml(listing: ObjectListing): string {
  const optional = (name: string, value: string | undefined) => (value === undefined ? '' : element(name, value));
  const contents = listing.objects
    .map(
      (o) =>
        `<Contents>${element('Key', listing.encode(o.key))}${element('LastModified', o.lastModified)}${element('ETag', o.etag)}` +
        `${element('Size', o.size)}${element('StorageClass', 'STANDARD')}</Contents>`,
    )
    .join('');
  return (
    `${DECLARATION}<ListBucketResult xmlns="${NS}">${element('Name', listing.bucket)}${element('Prefix', listing.encode(listing.prefix))}` +
    `${element('KeyCount', listing.objects.length)}${element('MaxKeys', listing.maxKeys)}${element('IsTruncated', listing.nextContinuationToken !== undefined)}` +
    `${optional('EncodingType', listing.encodingType)}${optional('ContinuationToken', listing.continuationToken)}` +
    `${optional('NextContinuationToken', listing.nextContinuationToken)}${optional('StartAfter', listing.startAfter && listing.encode(listing.startAfter))}` +
    `${contents}</ListBucketResult>`
  );
}
