const MiB = 1024 * 1024;
/** S3's rules: every part but the last at least 5 MiB, at most 10 000 parts. */
export const MIN_PART_BYTES = 5 * MiB;
const MAX_PARTS = 10_000;

export interface PartPlan {
  partNumber: number;
  /** Byte offsets in the file: [start, end). */
  start: number;
  end: number;
}

/** A part the store already holds, as ListParts answers it. */
export interface StoredPart {
  partNumber: number;
  etag: string;
  size: number;
}

/**
 * Part size for a file: 5 MiB, the smallest S3 allows, so that a phone losing its network loses
 * at most 5 MiB of work; larger only when 10 000 parts would not hold the file.
 */
export function partSizeFor(size: number): number {
  return Math.max(MIN_PART_BYTES, Math.ceil(size / MAX_PARTS / MiB) * MiB);
}

/** The parts of a file, numbered from 1. An empty file is one empty part. */
export function planParts(size: number, partSize = partSizeFor(size)): PartPlan[] {
  if (size === 0) return [{ partNumber: 1, start: 0, end: 0 }];
  const parts: PartPlan[] = [];
  for (let start = 0; start < size; start += partSize) parts.push({ partNumber: parts.length + 1, start, end: Math.min(size, start + partSize) });
  return parts;
}

/**
 * What is left to send after a failure: the planned parts the store does not hold with the right
 * size. A part with another size (a different plan, a cut-off body) is sent again and replaces it.
 */
export function partsToSend(plan: PartPlan[], stored: StoredPart[]): PartPlan[] {
  const held = new Map(stored.map((p) => [p.partNumber, p.size]));
  return plan.filter((part) => held.get(part.partNumber) !== part.end - part.start);
}

/** Bytes already in the store, for the progress shown when an upload resumes. */
export function storedBytes(plan: PartPlan[], stored: StoredPart[]): number {
  const todo = new Set(partsToSend(plan, stored).map((p) => p.partNumber));
  return plan.filter((p) => !todo.has(p.partNumber)).reduce((sum, p) => sum + (p.end - p.start), 0);
}

/** The list CompleteMultipartUpload takes: every planned part, in order, with the ETag the store gave it. */
export function completedParts(plan: PartPlan[], stored: StoredPart[]): { partNumber: number; etag: string }[] {
  const etags = new Map(stored.map((p) => [p.partNumber, p.etag]));
  return plan.map((p) => {
    const etag = etags.get(p.partNumber);
    if (etag === undefined) throw new Error(`part ${p.partNumber} is not stored`);
    return { partNumber: p.partNumber, etag };
  });
}
