/**
 * Where a legal text may link: the person's data page, or the full account of what is kept
 * (docs/privacy.md, which the server serves as text at /app/files/privacy.md).
 */
type LegalLink = 'userData' | 'privacyFull';

/** A static legal page in one language: plain text only, rendered as text (never HTML). */
export interface LegalDocument {
  title: string;
  /** Date of this version, ISO (YYYY-MM-DD). */
  updated: string;
  /** One paragraph before the first section, or empty. */
  intro: string;
  /** Links at a section's end, in the document's words, to what it speaks of: a page of the app, or the full account. */
  sections: { heading: string; paragraphs: string[]; links?: { text: string; to: LegalLink }[] }[];
}
