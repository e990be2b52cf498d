/** Normalised serial key: upper case, without spaces, dashes or underscores ("SLUS-01041" ≡ "slus_010.41" is not attempted). */
export function serialKey(serial: string): string {
  return serial.toUpperCase().replace(/[\s_-]+/g, "");
}
