/** Reads bytes `start`..`end` (inclusive) of the object; fewer at its end. */
export type RangeReader = (start: number, end: number) => Promise<Buffer>;

/** A video the browser can be given: a video track was found, and how long it plays. */
export interface ProbedVideo {
  /** Seconds; 0 when the container does not say (a Matroska file cut into clusters without Duration). */
  duration: number;
}

const MiB = 1024 * 1024;
/** The movie box holds the index of every sample: a few MB even for an hour; more is not a phone's video. */
const MOOV_MAX_BYTES = 64 * MiB;
/** How far into a Matroska/WebM, AVI or RealMedia file its headers (tracks, duration) are looked for. */
const HEAD_BYTES = 4 * MiB;
const MAX_TOP_BOXES = 10_000;

/**
 * Whether a file whose first bytes say "video" is one: its container's structure is read far
 * enough to find a video track and a duration (docs/storage.md, "What holds on each store"). A
 * video header followed by a page or an archive has no such structure and is refused.
 */
export async function probeVideo(read: RangeReader, size: number, format: string): Promise<ProbedVideo | null> {
  try {
    if (format === 'mp4' || format === 'mov') return await probeIsoMedia(read, size);
    const head = await read(0, Math.min(size, HEAD_BYTES) - 1);
    if (format === 'matroska') return probeMatroska(head);
    if (format === 'avi') return probeAvi(head, size);
    if (format === 'rmvb') return probeRealMedia(head);
    return null;
  } catch (error) {
    if (error instanceof Malformed) return null;
    throw error;
  }
}

class Malformed extends Error {}
function need(condition: boolean): asserts condition {
  if (!condition) throw new Malformed();
}

// ISO base media (MP4, MOV): boxes of [size:u32][type:4cc], size 1 = a u64 follows, 0 = to the end.

interface Box {
  type: string;
  /** Where its payload starts and ends (exclusive), in the buffer or file it was read from. */
  start: number;
  end: number;
}

function boxAt(buf: Buffer, offset: number, limit: number): Box {
  need(offset + 8 <= limit);
  let size = buf.readUInt32BE(offset);
  const type = buf.toString('latin1', offset + 4, offset + 8);
  need(/^[\x20-\x7e]{4}$/.test(type));
  let header = 8;
  if (size === 1) {
    need(offset + 16 <= limit);
    size = Number(buf.readBigUInt64BE(offset + 8));
    header = 16;
  } else if (size === 0) {
    size = limit - offset;
  }
  need(size >= header && offset + size <= limit);
  return { type, start: offset + header, end: offset + size };
}

function children(buf: Buffer, parent: { start: number; end: number }): Box[] {
  const boxes: Box[] = [];
  for (let at = parent.start; at < parent.end; ) {
    const box = boxAt(buf, at, parent.end);
    boxes.push(box);
    at = box.end;
  }
  return boxes;
}

/** mvhd and mdhd: version, flags, then times of 4 or 8 bytes, the timescale, the duration. */
function timing(buf: Buffer, box: Box): { timescale: number; units: number } {
  const version = buf[box.start];
  const at = box.start + 4 + (version === 1 ? 16 : 8);
  need(at + (version === 1 ? 12 : 8) <= box.end);
  const units = version === 1 ? Number(buf.readBigUInt64BE(at + 4)) : buf.readUInt32BE(at + 4);
  // All ones: "unknown", as a live recording writes it.
  return { timescale: buf.readUInt32BE(at), units: units === 0xffffffff ? 0 : units };
}

function seconds(t: { timescale: number; units: number }): number {
  return t.timescale > 0 ? t.units / t.timescale : 0;
}

async function probeIsoMedia(read: RangeReader, size: number): Promise<ProbedVideo | null> {
  // The top level is walked box by box to the last byte: anything glued after a header breaks the chain.
  let moov: Buffer | undefined;
  let fragmented = false;
  let boxes = 0;
  for (let offset = 0; offset < size; ) {
    need(++boxes <= MAX_TOP_BOXES);
    const box = boxAt(await read(offset, Math.min(size, offset + 16) - 1), 0, size - offset);
    if (box.type === 'moov') {
      need(box.end - box.start <= MOOV_MAX_BYTES && moov === undefined);
      moov = await read(offset + box.start, offset + box.end - 1);
    }
    if (box.type === 'moof') fragmented = true;
    offset += box.end;
  }
  if (!moov) return null;
  const movie = { start: 0, end: moov.length };
  let movieTiming = { timescale: 0, units: 0 };
  let fragments = 0;
  let movieExtends = false;
  let trackSeconds = 0;
  let video = false;
  for (const box of children(moov, movie)) {
    if (box.type === 'mvhd') movieTiming = timing(moov, box);
    if (box.type === 'mvex') {
      movieExtends = true;
      // A fragmented file's whole length is in mehd (in the movie's timescale); its mvhd says 0.
      const mehd = children(moov, box).find((b) => b.type === 'mehd');
      if (mehd) {
        const wide = moov[mehd.start] === 1;
        need(mehd.end - mehd.start >= (wide ? 12 : 8));
        fragments = wide ? Number(moov.readBigUInt64BE(mehd.start + 4)) : moov.readUInt32BE(mehd.start + 4);
      }
    }
    if (box.type !== 'trak') continue;
    const mdia = children(moov, box).find((b) => b.type === 'mdia');
    if (!mdia) continue;
    const parts = children(moov, mdia);
    const hdlr = parts.find((b) => b.type === 'hdlr');
    if (!hdlr || hdlr.end - hdlr.start < 12 || moov.toString('latin1', hdlr.start + 8, hdlr.start + 12) !== 'vide') continue;
    video = true;
    const mdhd = parts.find((b) => b.type === 'mdhd');
    if (mdhd) trackSeconds = Math.max(trackSeconds, seconds(timing(moov, mdhd)));
  }
  const duration = seconds(movieTiming) || seconds({ timescale: movieTiming.timescale, units: fragments }) || trackSeconds;
  // A recording written in fragments as it was made (a browser's MediaRecorder) may not know its
  // length: its movie fragments after the header are what play.
  if (video && duration === 0 && movieExtends && fragmented) return { duration: 0 };
  return video && duration > 0 ? { duration } : null;
}

// Matroska and WebM: EBML elements of [id: vint][size: vint][payload].

const ID = { ebml: 0x1a45dfa3, docType: 0x4282, segment: 0x18538067, info: 0x1549a966, duration: 0x4489, timestampScale: 0x2ad7b1, tracks: 0x1654ae6b, trackEntry: 0xae, trackType: 0x83, cluster: 0x1f43b675 };

function vint(buf: Buffer, at: number, keepMarker: boolean): { value: number; length: number; unknown: boolean } {
  need(at < buf.length);
  const first = buf[at]!;
  const length = Math.clz32(first) - 23;
  need(length >= 1 && length <= 8 && at + length <= buf.length);
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    value = value * 256 + buf[at + i]!;
    allOnes &&= buf[at + i] === 0xff;
  }
  return { value, length, unknown: !keepMarker && allOnes };
}

interface Element {
  id: number;
  start: number;
  /** Exclusive; the buffer's end for a size the file leaves unknown (a live recording). */
  end: number;
}

function elements(buf: Buffer, from: number, to: number, visit: (e: Element) => boolean | void) {
  for (let at = from; at < to; ) {
    const id = vint(buf, at, true);
    const size = vint(buf, at + id.length, false);
    const start = at + id.length + size.length;
    const end = size.unknown ? to : Math.min(start + size.value, to);
    // A cut-off read (the head only) may end an element early; past that nothing is looked at.
    if (visit({ id: id.value, start, end }) === false) return;
    at = end;
  }
}

function probeMatroska(buf: Buffer): ProbedVideo | null {
  let docType = '';
  let segment: Element | undefined;
  elements(buf, 0, buf.length, (e) => {
    if (e.id === ID.ebml) elements(buf, e.start, e.end, (c) => void (c.id === ID.docType && (docType = buf.toString('latin1', c.start, c.end).replace(/\0+$/, ''))));
    else if (e.id === ID.segment) {
      segment = e;
      return false;
    }
  });
  if ((docType !== 'webm' && docType !== 'matroska') || !segment) return null;
  let video = false;
  let clusters = false;
  let scale = 1_000_000;
  let duration = 0;
  elements(buf, segment.start, segment.end, (e) => {
    if (e.id === ID.info) {
      elements(buf, e.start, e.end, (c) => {
        if (c.id === ID.timestampScale) scale = buf.readUIntBE(c.start, Math.min(6, c.end - c.start));
        if (c.id === ID.duration) duration = c.end - c.start === 4 ? buf.readFloatBE(c.start) : c.end - c.start === 8 ? buf.readDoubleBE(c.start) : 0;
      });
    } else if (e.id === ID.tracks) {
      elements(buf, e.start, e.end, (t) => {
        if (t.id === ID.trackEntry) elements(buf, t.start, t.end, (f) => void (f.id === ID.trackType && buf[f.start] === 1 && (video = true)));
      });
    } else if (e.id === ID.cluster) {
      clusters = true;
      return false;
    }
  });
  // A recording whose Duration was never written (a browser's MediaRecorder) still has its clusters.
  if (!video || (duration <= 0 && !clusters)) return null;
  return { duration: Number.isFinite(duration) && duration > 0 ? (duration * scale) / 1e9 : 0 };
}

// AVI: RIFF 'AVI ' with a 'hdrl' list holding the main header and a 'vids' stream header.

function probeAvi(buf: Buffer, size: number): ProbedVideo | null {
  need(buf.length >= 12);
  const riffSize = buf.readUInt32LE(4);
  // The RIFF chunk is the whole file (an odd size padded by one byte); files over 1 GB add 'AVIX' chunks.
  need(riffSize + 8 === size || riffSize + 9 === size || (riffSize + 8 < size && buf.length < size));
  const at = buf.indexOf('hdrl', 12, 'latin1');
  need(at === 20 && buf.toString('latin1', 12, 16) === 'LIST');
  const avih = buf.indexOf('avih', at, 'latin1');
  need(avih > 0 && avih + 8 + 20 <= buf.length);
  const microsPerFrame = buf.readUInt32LE(avih + 8);
  const frames = buf.readUInt32LE(avih + 8 + 16);
  const strh = buf.indexOf('strh', avih, 'latin1');
  need(strh > 0 && strh + 12 <= buf.length);
  if (buf.toString('latin1', strh + 8, strh + 12) !== 'vids' || frames === 0) return null;
  return { duration: (microsPerFrame * frames) / 1e6 };
}

// RealMedia: '.RMF', then chunks of [id:4cc][size:u32]; PROP holds the duration, MDPR each stream's type.

function probeRealMedia(buf: Buffer): ProbedVideo | null {
  let duration = 0;
  let video = false;
  for (let at = 0; at + 10 <= buf.length; ) {
    const id = buf.toString('latin1', at, at + 4);
    const size = buf.readUInt32BE(at + 4);
    need(size >= 10 && /^[.A-Z]{4}$/.test(id));
    if (id === 'PROP') {
      // After the version: max and average bit rate, max and average packet size, packet count, then the duration in ms.
      need(at + 10 + 24 <= buf.length);
      duration = buf.readUInt32BE(at + 10 + 20) / 1000;
    }
    if (id === 'MDPR' && buf.subarray(at, Math.min(buf.length, at + size)).includes('video/x-pn-realvideo', 0, 'latin1')) video = true;
    if (id === 'DATA') break;
    at += size;
  }
  return video && duration > 0 ? { duration } : null;
}
