import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const clientDir = import.meta.dirname;
const featuresDir = path.join(clientDir, 'features');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

function relativeImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)].map((m) => m[1] ?? '');
}

/** STYLE.md 7: features do not import each other, nor the app layer; routes in client/app compose them. */
describe('client architecture', () => {
  const features = readdirSync(featuresDir).filter((name) => statSync(path.join(featuresDir, name)).isDirectory());

  it.each(features)('feature "%s" imports no other feature and not the app layer', (feature) => {
    const offending: string[] = [];
    for (const file of sourceFiles(path.join(featuresDir, feature))) {
      for (const specifier of relativeImports(file)) {
        const target = path.resolve(path.dirname(file), specifier);
        const rel = path.relative(clientDir, target).split(path.sep);
        const crossesFeature = rel[0] === 'features' && rel[1] !== feature;
        if (crossesFeature || rel[0] === 'app') offending.push(`${path.relative(clientDir, file)} -> ${specifier}`);
      }
    }
    expect(offending).toEqual([]);
  });
});
