import { HttpRequest } from '@smithy/protocol-http';
import { SignatureV4 } from '@smithy/signature-v4';
import { NodeSha256 } from './signature.ts';

/** What a presigned URL is made from: issued upload credentials (the wire shape). */
export interface PresignCredentials {
  accessKeyId: string;
  accessKeySecret: string;
  sessionToken: string;
  endpoint: string;
  bucket: string;
  region: string;
}

/**
 * A presigned URL, as @aws-sdk/s3-request-presigner makes one: the payload unsigned, the signature
 * in the query. What a plain HTTP client (curl, a browser's fetch) uploads with. No test runner
 * needed: bench/upload-quota.ts uses it too.
 */
export async function presign(creds: PresignCredentials, key: string, options: { method?: string; expiresIn: number; signingDate?: Date }): Promise<string> {
  const url = new URL(`${creds.endpoint}/${creds.bucket}/${key}`);
  const signer = new SignatureV4({
    service: 's3',
    region: creds.region,
    sha256: NodeSha256,
    uriEscapePath: false,
    credentials: { accessKeyId: creds.accessKeyId, secretAccessKey: creds.accessKeySecret, sessionToken: creds.sessionToken },
  });
  const request = new HttpRequest({
    method: options.method ?? 'PUT',
    protocol: url.protocol,
    hostname: url.hostname,
    port: Number(url.port),
    path: url.pathname,
    headers: { host: url.host, 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD' },
  });
  const signed = await signer.presign(request, options);
  const query = new URLSearchParams(signed.query as Record<string, string>).toString().replaceAll('+', '%20');
  return `${url.origin}${url.pathname}?${query}`;
}
