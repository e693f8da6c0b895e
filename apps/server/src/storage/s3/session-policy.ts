/**
 * The inline session policy passed to STS AssumeRole: the credentials it yields may only upload
 * (PutObject, which also covers CreateMultipartUpload, UploadPart and CompleteMultipartUpload),
 * abort and list the parts of their own uploads, and only under `prefix`. The role's own policy
 * must allow at least this much; the session gets the intersection of the two.
 */
export function uploadSessionPolicy(bucket: string, prefix: string, region: string): string {
  if (/[*?]/.test(prefix)) throw new Error('a prefix must not hold ARN wildcards');
  return JSON.stringify({
    Version: '2012-10-17',
    Statement: [
      {
        Sid: 'UploadUnderOwnPrefix',
        Effect: 'Allow',
        Action: ['s3:PutObject', 's3:AbortMultipartUpload', 's3:ListMultipartUploadParts'],
        Resource: [`arn:${partitionOf(region)}:s3:::${bucket}/${prefix}*`],
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
