import { isVideoFile, limits } from '@padhub/contracts';

/** Why a chosen file was left out: the spec's upload messages, and files that are no picture or video. */
export type Refusal = 'tooManyImages' | 'oneVideo' | 'videoTooLarge' | 'imageTooLarge' | 'unsupported';

export interface PickedFile {
  name: string;
  type: string;
  size: number;
}

/** The picture formats the server checks by their bytes (and phones produce). */
const imageTypes = /^image\/(jpeg|png|gif|webp|heic|heif|avif)$/i;
const imageExtensions = /\.(jpe?g|png|gif|webp|heic|heif|avif)$/i;

export function kindOf(file: Pick<PickedFile, 'name' | 'type'>): 'image' | 'video' | null {
  if (isVideoFile(file.name, file.type)) return 'video';
  if (imageTypes.test(file.type) || (file.type === '' && imageExtensions.test(file.name))) return 'image';
  return null;
}

/**
 * The rules for what a post may carry (docs/product-spec.md, "Validation rules"): at most 18 images and one video, a
 * video over 1 GB or an image over 15 MB must be chosen again. Files are taken in the order
 * picked until a limit is reached; the answer says which were accepted and why others were not
 * (each reason once, in the order met).
 */
export function chooseFiles<F extends PickedFile>(current: { kind: 'image' | 'video' }[], picked: F[]): { accepted: { file: F; kind: 'image' | 'video' }[]; refusals: Refusal[] } {
  let images = current.filter((f) => f.kind === 'image').length;
  let videos = current.length - images;
  const accepted: { file: F; kind: 'image' | 'video' }[] = [];
  const refusals = new Set<Refusal>();
  for (const file of picked) {
    const kind = kindOf(file);
    if (kind === null || file.size === 0) refusals.add('unsupported');
    else if (kind === 'video' && file.size > limits.videoMaxBytes) refusals.add('videoTooLarge');
    else if (kind === 'image' && file.size > limits.imageMaxBytes) refusals.add('imageTooLarge');
    else if (kind === 'video' && videos >= limits.videosPerPost) refusals.add('oneVideo');
    else if (kind === 'image' && images >= limits.imagesPerPost) refusals.add('tooManyImages');
    else {
      if (kind === 'video') videos++;
      else images++;
      accepted.push({ file, kind });
    }
  }
  return { accepted, refusals: [...refusals] };
}
