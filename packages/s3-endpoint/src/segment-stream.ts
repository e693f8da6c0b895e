import type { FileHandle } from 'node:fs/promises';
import { Readable } from 'node:stream';

/** One open segment file and the inclusive byte offsets of it to send. */
export interface SegmentPiece {
  handle: FileHandle;
  start: number;
  end: number;
}

const CHUNK_BYTES = 256 * 1024;

/**
 * The bytes of `pieces`, in order, read from handles opened beforehand. It owns the handles: they
 * are closed when the stream ends, fails or is destroyed, including destroyed before its first read
 * (a client that went away before the answer started). An async generator behind Readable.from
 * misses that last case: a generator never started skips its `finally`, and the handles were left
 * for the garbage collector ("Closing a FileHandle object on garbage collection is deprecated").
 */
export class SegmentStream extends Readable {
  private index = 0;
  private position: number;

  constructor(private readonly pieces: SegmentPiece[]) {
    super({ highWaterMark: CHUNK_BYTES });
    this.position = pieces[0]?.start ?? 0;
  }

  override _read() {
    const piece = this.pieces[this.index];
    if (!piece) {
      this.push(null);
      return;
    }
    const length = Math.min(CHUNK_BYTES, piece.end - this.position + 1);
    piece.handle.read(Buffer.allocUnsafe(length), 0, length, this.position).then(
      ({ bytesRead, buffer }) => {
        if (this.destroyed) return;
        // Segments are never changed once named: fewer bytes than their recorded size is damage.
        if (bytesRead === 0) return void this.destroy(new Error('an object segment is shorter than its metadata says'));
        this.position += bytesRead;
        if (this.position > piece.end) {
          this.index++;
          this.position = this.pieces[this.index]?.start ?? 0;
        }
        this.push(bytesRead === length ? buffer : buffer.subarray(0, bytesRead));
      },
      (error: Error) => this.destroy(error),
    );
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void) {
    // FileHandle.close waits for a read in progress, and closing twice is harmless.
    Promise.all(this.pieces.map((p) => p.handle.close())).then(
      () => callback(error),
      (closeError: Error) => callback(error ?? closeError),
    );
  }
}
