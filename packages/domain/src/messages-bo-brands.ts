/** Messages of the back office II: server answers of the brand editor and uploads (our texts). */
export const BO_BRANDS_MESSAGES = {
  'boBrands.colour': '{{title}} must be a colour written like #0b5cff',
  'boBrands.host':
    '{{title}}: "{{host}}" is not a valid host name (letters, digits, dots and dashes, no port)',
  'boBrands.hostTaken': 'The host name {{host}} is already used by another brand.',
  'boBrands.hostTwice': 'The host name {{host}} is listed twice.',
  'boBrands.slug': '{{title}} may only contain lower-case letters, digits and dashes (2 to 64)',
  'boBrands.slugTaken': 'A brand with the slug {{slug}} exists already.',
  'boBrands.providerKeyTwice': 'The payment method key {{key}} is used twice.',
  'boBrands.unknownCategory': 'There is no instrument category {{category}}.',
  'boBrands.leverageIndex': 'The leverage choice {{index}} does not exist for {{category}}.',
  'boBrands.createNeedsAllBrands':
    'Creating a brand needs access to all brands. Ask an administrator whose scope is all brands.',
  'boBrands.mediaUrl': '{{title}} must be a file uploaded for this brand (/media/…) or empty',
  'boBrands.fileMissing': 'Choose a file to upload.',
  'boBrands.fileTooBig': 'The file is larger than 2 MB.',
  'boBrands.fileType':
    'Only PNG, JPEG, WebP, GIF, ICO or SVG images can be uploaded; the file content is something else.',
  'boBrands.fileUnsafe': 'The image contains script or web page code and was refused.',
  'boBrands.templateUnknown': 'There is no brand to copy with this id in your scope.',
  'boBrands.checklistIncomplete':
    'The brand cannot be published yet: complete every item of the publish checklist first.',
  /** What a draft brand's hosts answer (site and API): neutral, naming no brand. */
  'brand.notAvailable': 'This site is not available.',
} as const;
