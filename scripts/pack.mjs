// `npm run pack:all`: every published package (each non-private workspace under packages/, the service
// with its bin pay-service among them) packed into one folder, for a project to install the files
// until the packages are on the registry. The folder is ../tarballs beside the checkout, or the first
// argument, or PAY_TARBALLS. What changed is built first (scripts/build.mjs, as a prepack would build
// it), then `npm pack` takes the built files as they are.
//
//   npm run pack:all [-- <folder>]
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const destination = resolve(process.argv[2] || process.env.PAY_TARBALLS || join(root, '..', 'tarballs'));

/** The workspaces under packages/ that are published (not private), by name. */
const published = readdirSync(join(root, 'packages'))
  .sort()
  .map((dir) => ({
    dir: `packages/${dir}`,
    ...JSON.parse(readFileSync(join(root, 'packages', dir, 'package.json'), 'utf8')),
  }))
  .filter((pkg) => !pkg.private);

const names = published.map((p) => p.name);
execFileSync(process.execPath, [join(root, 'scripts/build.mjs'), '--only', names.join(',')], {
  cwd: root,
  stdio: 'inherit',
});
mkdirSync(destination, { recursive: true });
// --ignore-scripts: the prepack scripts would build everything again, the build above did what was due
const packed = JSON.parse(
  execFileSync(
    'npm',
    [
      'pack',
      '--json',
      '--ignore-scripts',
      '--pack-destination',
      destination,
      ...published.flatMap((p) => ['-w', p.dir]),
    ],
    { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  ),
);
for (const { filename } of packed) console.log(`pack: ${join(destination, filename)}`);
console.log(
  `pack: ${packed.length} packages in ${destination}; install them with npm install ${destination}/*.tgz`,
);
