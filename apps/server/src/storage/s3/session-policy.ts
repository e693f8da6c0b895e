/**
 * The inline session policy passed to STS AssumeRole: the credentials it yields may only upload
 * (PutObject, which also covers CreateMultipartUpload, UploadPart and CompleteMultipartUpload),
 * abort and list the parts of their own uploads, and only under `prefix`. The role's own policy
 * must allow at least this much; the session gets the intersection of the two.
 *
 * Objects are written once: a post checks an object's bytes when it names it, so they must not
 * change afterwards. The second statement denies every object-creating write (PutObject,
 * CompleteMultipartUpload; `s3:ObjectCreationOperation` is true for those and false for
 * CreateMultipartUpload and UploadPart, which take no conditional header) that lacks
 * `If-None-Match`; S3 accepts only `*` as its value on a write and then answers 412
 * PreconditionFailed when the key exists. An explicit Deny in a session policy wins over any Allow.
 * This is AWS's documented pattern, "Enforce conditional writes on Amazon S3 buckets":
 * https://docs.aws.amazon.com/AmazonS3/latest/userguide/conditional-writes-enforce.html
 * (conditional writes themselves: https://docs.aws.amazon.com/AmazonS3/latest/userguide/conditional-writes.html).
 * The uploader sends `If-None-Match: *` on CompleteMultipartUpload (and would on PutObject).
 */
export function uploadSessionPolicy(bucket: string, prefix: string, region: string): string {
  if (/[*?]/.test(prefix)) throw new Error('a prefix must not hold ARN wildcards');
  const resource = [`arn:${partitionOf(region)}:s3:::${bucket}/${prefix}*`];
  return JSON.stringify({
    Version: '2012-10-17',
    Statement: [
      {
        Sid: 'UploadUnderOwnPrefix',
        Effect: 'Allow',
        Action: ['s3:PutObject', 's3:AbortMultipartUpload', 's3:ListMultipartUploadParts'],
        Resource: resource,
      },
      {
        Sid: 'WriteOnceOnly',
        Effect: 'Deny',
        Action: 's3:PutObject',
        Resource: resource,
        Condition: {
          Null: { 's3:if-none-match': 'true' },
          Bool: { 's3:ObjectCreationOperation': 'true' },
        },
      },
    ],
  });
}

/** AWS China and GovCloud regions live in their own ARN partitions. */
export function partitionOf(region: string): string {
  if (region.startsWith('cn-')) return 'aws-cn';
  if (region.startsWith('us-gov-')) return 'aws-us-gov';
  return 'aws';
}

/** RoleSessionName: at most 64 characters of [\w+=,.@-]; it shows in CloudTrail, so name the user. */
export function roleSessionName(orgId: string, userId: string): string {
  return `padhub-${orgId}-${userId}`.replace(/[^\w+=,.@-]/g, '_').slice(0, 64);
}
