/**
 * Hand-written sentences the community seed composes posts from. A post takes an opener and one
 * or two details of the same topic and sometimes a closer, so it reads as one person's message.
 */
export interface SeedTexts {
  /** Sentences are joined with this: nothing in Chinese and Japanese, a space elsewhere. */
  joiner: string;
  topics: { openers: string[]; details: string[] }[];
  closers: string[];
  comments: string[];
  replies: string[];
}
