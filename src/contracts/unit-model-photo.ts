/** What the owner may upload as a unit model's photo: checked in the admin's file picker and again on the server. */
export const photoTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type PhotoType = (typeof photoTypes)[number];

export const MAX_PHOTO_BYTES = 2 * 1024 * 1024;

export const photoMessages = {
  wrongType: 'The photo must be a JPEG, PNG or WebP image.',
  tooLarge: 'The photo is larger than 2 MB. Please upload a smaller image.',
  empty: 'Choose a photo to upload: a JPEG, PNG or WebP image up to 2 MB.',
  notFound: 'This unit model has no photo.',
} as const;
