/** Messages of the back office II: content editor, site settings and inbox answers (our texts). */
export const BO_CONTENT_MESSAGES = {
  'boContent.slugInvalid':
    'Use lower-case letters, digits and dashes only, with "/" between parts (for example blog/my-post).',
  'boContent.slugTaken': 'This brand already has a page with this address in this language.',
  'boContent.versionConflict':
    'Someone saved this page meanwhile (now version {{version}}). Reload it and apply your changes again.',
  'boContent.versionNotFound': 'This version of the page does not exist.',
  'boContent.unknownComponent': 'This component type is not known.',
  'boContent.treeTooDeep': 'Components can be nested at most {{max}} levels deep.',
  'boContent.treeTooLarge': 'A page can hold at most {{max}} components.',
  'boContent.gridColumns': 'A grid has {{min}} to {{max}} columns.',
  'boContent.notAContainer': 'This component cannot hold other components.',
  'boContent.urlInvalid': 'Use an address of this site (/…), or one starting with https://, mailto: or tel:.',
  'boContent.tileUrlInvalid':
    'Use an https:// tile address with the z, x and y placeholders in braces, or leave it empty.',
  'boContent.singletonUnknown': 'This settings document does not exist.',
  'boContent.screenSwitchedOff':
    'This broker does not offer this part of the client area. Please continue on the platform or in your account.',
} as const;
