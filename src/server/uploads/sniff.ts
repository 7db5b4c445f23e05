import type { DocumentType } from "#domain/applications.ts";

/**
 * What a document is, read from its first bytes: the name and the browser's Content-Type are the
 * sender's claims and count for nothing. Three formats only, so their signatures are checked here
 * rather than through a general file-type library (decision 029).
 */
const SIGNATURES: { type: DocumentType; bytes: number[] }[] = [
  // JPEG: start of image, then a marker.
  { type: "image/jpeg", bytes: [0xff, 0xd8, 0xff] },
  // PNG: the fixed eight-byte signature.
  { type: "image/png", bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  // PDF: "%PDF-".
  { type: "application/pdf", bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] },
];

export function sniffDocumentType(bytes: Uint8Array): DocumentType | undefined {
  return SIGNATURES.find(({ bytes: signature }) => signature.every((byte, index) => bytes[index] === byte))?.type;
}
