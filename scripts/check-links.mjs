// Checks that every relative link in the Markdown files under DIR (README.md, docs/…) points at a
// file that exists under DIR: run on the installed package by scripts/smoke.sh, so a link that
// works on the repository's page but not in node_modules/fairdeck fails the build.
// Usage: node scripts/check-links.mjs DIR
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

const root = process.argv[2];
if (!root) throw new Error('usage: node scripts/check-links.mjs DIR');
const markdown = [];
(function walk(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (name === 'node_modules') continue;
    if (statSync(path).isDirectory()) walk(path);
    else if (name.endsWith('.md')) markdown.push(path);
  }
})(root);
const broken = [];
let links = 0;
for (const file of markdown) {
  const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
  for (const [, target] of text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('#')) continue;  // a URL or an anchor
    links++;
    const path = join(dirname(file), decodeURIComponent(target.split('#')[0]));
    if (!existsSync(path)) broken.push(`${relative(root, file)}: ${target}`);
  }
}
if (broken.length > 0) {
  console.error(`links: ${broken.length} relative link(s) point at nothing in ${root}:\n  ${broken.join('\n  ')}`);
  process.exit(1);
}
console.log(`links: all ${links} relative links in ${markdown.length} Markdown files resolve in ${root}`);
