/** The first word of a company's name, which "Capcom" and "Capcom Co., Ltd." share and another company does not. */
export function companyWord(name: string): string {
  return name.toLowerCase().match(/[a-z0-9]+/)?.[0] ?? "";
}
