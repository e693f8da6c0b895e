import { createHmac } from 'node:crypto';

/**
 * Alibaba Cloud's RPC-style request signature, version 1.0 ("Signature mechanism",
 * https://help.aliyun.com/en/document_detail/130769.html; every RPC product has a copy of it):
 *
 *   StringToSign = Method + "&" + percentEncode("/") + "&" + percentEncode(CanonicalizedQueryString)
 *   Signature    = Base64(HMAC-SHA1(AccessKeySecret + "&", StringToSign))
 *
 * where CanonicalizedQueryString is every parameter but Signature, sorted by name, each name and
 * value percent-encoded and joined with "=" and "&". Written here because it is a few lines of
 * node:crypto, and the official SDK would bring dozens of packages for one call.
 */
export function signRpc(method: 'GET' | 'POST', params: Record<string, string>, accessKeySecret: string): string {
  return createHmac('sha1', `${accessKeySecret}&`).update(rpcStringToSign(method, params)).digest('base64');
}

export function rpcStringToSign(method: string, params: Record<string, string>): string {
  return `${method}&${percentEncode('/')}&${percentEncode(canonicalQuery(params))}`;
}

/** Sorted by name (code-unit order, as the documentation's Java TreeMap), Signature left out. */
export function canonicalQuery(params: Record<string, string>): string {
  return Object.keys(params)
    .filter((name) => name !== 'Signature')
    .sort()
    .map((name) => `${percentEncode(name)}=${percentEncode(params[name] ?? '')}`)
    .join('&');
}

/**
 * RFC 3986 unreserved characters (A-Z a-z 0-9 - _ . ~) stay, everything else is %XY of its UTF-8
 * bytes, a space %20 (never +). encodeURIComponent leaves ! ' ( ) * as they are: those are encoded too.
 */
export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}
