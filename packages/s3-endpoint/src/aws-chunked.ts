import { Transform, type TransformCallback } from 'node:stream';
import { S3Error } from './s3-error.ts';

const MAX_LINE = 4096;

/**
 * Decodes the `aws-chunked` framing the AWS SDK uses for streamed bodies
 * (`<hex size>\r\n<bytes>\r\n … 0\r\n<trailer>:<value>\r\n\r\n`) without buffering: chunk data
 * passes through as slices of what arrived. The trailers (the checksum) are read at the end.
 * Signed chunks (`;chunk-signature=`) are refused: the SDK sends unsigned ones with a trailer.
 */
export class AwsChunkedDecoder extends Transform {
  readonly trailers = new Map<string, string>();
  private state: 'size' | 'data' | 'data-end' | 'trailer' | 'done' = 'size';
  private line = '';
  private remaining = 0;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    try {
      let i = 0;
      while (i < chunk.length) {
        if (this.state === 'data') {
          const n = Math.min(this.remaining, chunk.length - i);
          this.push(chunk.subarray(i, i + n));
          this.remaining -= n;
          i += n;
          if (this.remaining === 0) this.state = 'data-end';
        } else if (this.state === 'done') {
          // Some clients add a last CRLF; anything else after the trailers is a framing error.
          if (chunk[i] !== 0x0d && chunk[i] !== 0x0a) throw this.malformed();
          i++;
        } else {
          const nl = chunk.indexOf(0x0a, i);
          const end = nl < 0 ? chunk.length : nl;
          this.line += chunk.toString('latin1', i, end);
          if (this.line.length > MAX_LINE) throw this.malformed();
          i = end;
          if (nl < 0) break;
          i++;
          this.endOfLine(this.line.endsWith('\r') ? this.line.slice(0, -1) : this.line);
          this.line = '';
        }
      }
      callback();
    } catch (error) {
      callback(error as Error);
    }
  }

  override _flush(callback: TransformCallback) {
    const finished = this.state === 'done' || (this.state === 'trailer' && this.line.trim() === '');
    callback(finished ? undefined : new S3Error('IncompleteBody', 'The aws-chunked body ended before its last chunk.'));
  }

  private endOfLine(line: string) {
    if (this.state === 'data-end') {
      if (line !== '') throw this.malformed();
      this.state = 'size';
    } else if (this.state === 'size') {
      const [size, ...extensions] = line.split(';');
      if (extensions.some((e) => e.trim().startsWith('chunk-signature='))) {
        throw new S3Error('NotImplemented', 'Signed aws-chunked payloads are not supported; use STREAMING-UNSIGNED-PAYLOAD-TRAILER.');
      }
      if (!size || !/^[0-9a-fA-F]{1,15}$/.test(size.trim())) throw this.malformed();
      this.remaining = parseInt(size.trim(), 16);
      this.state = this.remaining === 0 ? 'trailer' : 'data';
    } else if (this.state === 'trailer') {
      if (line === '') {
        this.state = 'done';
        return;
      }
      const colon = line.indexOf(':');
      if (colon <= 0) throw this.malformed();
      this.trailers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
    }
  }

  private malformed() {
    return new S3Error('InvalidRequest', 'The aws-chunked body is malformed.');
  }
}
