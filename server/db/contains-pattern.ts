/** A LIKE pattern finding `text` anywhere, its wildcards (% and _) and the escape (\) taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}
