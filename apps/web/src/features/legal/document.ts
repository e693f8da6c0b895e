/** A static legal page in one language: plain text only, rendered as text (never HTML). */
export interface LegalDocument {
  title: string;
  /** Date of this version, ISO (YYYY-MM-DD). */
  updated: string;
  /** One paragraph before the first section, or empty. */
  intro: string;
  sections: { heading: string; paragraphs: string[] }[];
}
