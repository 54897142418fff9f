import fs from 'node:fs';

/**
 * Prints one figure line and hands it to `npm run reliability` (its JSON reporter keeps no console output),
 * which prints it with the properties.
 */
export function reportFigure(line: string) {
  console.log(line);
  if (process.env.RELIABILITY_FIGURES) fs.appendFileSync(process.env.RELIABILITY_FIGURES, `${line}\n`);
}
