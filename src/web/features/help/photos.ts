/**
 * A quick check of photos in the browser, so a wrong one is named before it is sent; the server
 * decides by their bytes. Re-work and help take photos by the same rules.
 */
export function photoProblem(
  photos: readonly File[],
  rules: { maxPhotos: number; maxPhotoBytes: number },
): string | undefined {
  if (photos.length > rules.maxPhotos) return `Add at most ${rules.maxPhotos} photos.`;
  const wrong = photos.find((photo) => !/\.(jpe?g|png)$/i.test(photo.name));
  if (wrong) return `${wrong.name} is not a JPEG or PNG photo.`;
  const big = photos.find((photo) => photo.size > rules.maxPhotoBytes);
  if (big) return `${big.name} is larger than ${rules.maxPhotoBytes / (1024 * 1024)} MB.`;
  return undefined;
}
