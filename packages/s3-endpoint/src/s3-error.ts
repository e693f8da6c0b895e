/** The S3 error codes the embedded endpoint answers, with the HTTP status S3 gives each. */
const s3ErrorStatus = {
  AccessDenied: 403,
  AuthorizationHeaderMalformed: 400,
  BadDigest: 400,
  EntityTooLarge: 400,
  EntityTooSmall: 400,
  // S3 itself answers 400; 403 is what our uploader (and most S3 clients) treat as "refresh credentials".
  ExpiredToken: 403,
  IncompleteBody: 400,
  InternalError: 500,
  InvalidAccessKeyId: 403,
  InvalidArgument: 400,
  InvalidPart: 400,
  InvalidPartOrder: 400,
  InvalidRange: 416,
  InvalidRequest: 400,
  InvalidToken: 400,
  InvalidURI: 400,
  MalformedXML: 400,
  MethodNotAllowed: 405,
  NoSuchBucket: 404,
  NoSuchKey: 404,
  NoSuchUpload: 404,
  NotImplemented: 501,
  PreconditionFailed: 412,
  // Ceph RGW's answer to a user over their quota. 403, not 429: S3 clients retry a 429 as throttling,
  // and a daily quota does not open up in a few seconds.
  QuotaExceeded: 403,
  RequestTimeTooSkewed: 403,
  RequestTimeout: 400,
  ServiceUnavailable: 503,
  SignatureDoesNotMatch: 403,
  XAmzContentSHA256Mismatch: 400,
} as const;

export type S3ErrorCode = keyof typeof s3ErrorStatus;

/** A refusal of the embedded endpoint: answered as S3's XML error, never the API's JSON envelope. */
export class S3Error extends Error {
  readonly code: S3ErrorCode;
  readonly status: number;
  readonly headers: Record<string, string>;

  constructor(code: S3ErrorCode, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.code = code;
    this.status = s3ErrorStatus[code];
    this.headers = headers;
  }
}
