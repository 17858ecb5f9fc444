// The error codes of the API (InvalidRequest.code): the page acts on these,
// never on the wording of a message.
export const CODES = {
  required: 'required',
  type: 'type',
  range: 'range',
  choice: 'choice',
  unknown: 'unknown',
  syntax: 'syntax',
  diceMissing: 'dice_missing',
  diceExtra: 'dice_extra',
  diceFace: 'dice_face',
  oddsTooBig: 'odds_too_big',
};
