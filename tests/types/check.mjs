// The published types, checked as a consumer sees them: the package is packed (npm pack, so only
// what the tarball ships), unpacked into node_modules/fairdeck of an empty ESM project, and
// tests/types/consumer/*.ts — every entry imported and its main API used — is compiled with
// `skipLibCheck: false` under each lib × moduleResolution below, on the oldest TypeScript fairdeck
// supports (5.0, the devDependency alias typescript-5.0) and the newest (typescript). The matrix
// and the reasons for it are in docs/typescript.md. Needs dist/ (scripts/build-package.sh).
//
// `skipDefaultLibCheck: true` skips only TypeScript's own lib.*.d.ts (never in question); every
// other declaration file — fairdeck's, @types/node's — is checked. The tarball's files are not
// `npm install`ed: its .d.ts import nothing but each other (a dependency's types would show up
// here as an unresolved import), and the install would cost seconds for nothing. @types/node is
// linked from this repository, as a Node project would have it installed.
//
// Each TypeScript version runs in its own process; the programs of one version share their parsed
// and bound source files (as an editor's language service does), so the 12 programs cost little
// more than one.
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, copyFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const here = fileURLToPath(new URL('.', import.meta.url));

/**
 * The compilers (package.json devDependencies): the oldest supported (5.0), the newest 5.x, 6.x
 * (the last TypeScript written in TypeScript) and 7.x (the native compiler `npm create vite`
 * installs since 2026). 7.x has no JavaScript compiler API, so its programs run through its `tsc`
 * with one tsconfig per setting (compileAllCli); the others share parsed files in one process.
 */
const COMPILERS = ['typescript-5.0', 'typescript', 'typescript-6', 'typescript-7'];
const CLI_ONLY = new Set(['typescript-7']);

/**
 * The consumer settings. TypeScript declares WebAssembly (fairdeck's `init({ wasm })` takes a
 * WebAssembly.Module) only in lib DOM, so every lib includes DOM, Node projects too (with
 * @types/node beside it, the usual pairing, which also shows that fairdeck's Symbol.dispose
 * declaration merges with @types/node's).
 */
const LIBS = [
  { name: 'ES2020+DOM', lib: ['ES2020', 'DOM'], types: [] },
  { name: 'ES2022+DOM', lib: ['ES2022', 'DOM'], types: [] },
  { name: 'ESNext+DOM', lib: ['ESNext', 'DOM'], types: [] },
  { name: 'ES2022+DOM+@types/node', lib: ['ES2022', 'DOM'], types: ['node'] },
];
const RESOLUTIONS = [
  { moduleResolution: 'bundler', module: 'ESNext' },
  { moduleResolution: 'node16', module: 'Node16' },
  { moduleResolution: 'nodenext', module: 'NodeNext' },
];

/**
 * `using deck = new Deck()` needs TypeScript ≥ 5.2 and the global Disposable type, from lib
 * esnext.disposable (in ESNext) or @types/node; elsewhere using.ts is left out.
 */
const supportsUsing = (version, lib) => {
  const [major, minor] = version.split('.').map(Number);
  return (major > 5 || (major === 5 && minor >= 2)) && (lib.lib.includes('ESNext') || lib.types.includes('node'));
};

if (process.argv[2] === '--compiler') {
  const compiler = process.argv[3];
  process.stdout.write(JSON.stringify(CLI_ONLY.has(compiler) ? compileAllCli(compiler, process.argv[4]) : compileAll(compiler, process.argv[4])));
} else {
  await main();
}

async function main() {
  const t0 = performance.now();
  const project = mkdtempSync(join(tmpdir(), 'fairdeck-types-'));
  try {
    const tarball = execFileSync('npm', ['pack', '--silent', '--pack-destination', project], { cwd: root, encoding: 'utf8' }).trim().split('\n').pop();
    const installed = join(project, 'node_modules', 'fairdeck');
    mkdirSync(installed, { recursive: true });
    execFileSync('tar', ['xzf', join(project, tarball), '-C', installed, '--strip-components=1']);
    mkdirSync(join(project, 'node_modules', '@types'));
    symlinkSync(join(root, 'node_modules', '@types', 'node'), join(project, 'node_modules', '@types', 'node'), 'dir');
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
    mkdirSync(join(project, 'src'));
    for (const f of readdirSync(join(here, 'consumer'))) copyFileSync(join(here, 'consumer', f), join(project, 'src', f));

    const runs = await Promise.all(COMPILERS.map((c) => run(process.execPath, [fileURLToPath(import.meta.url), '--compiler', c, project])));
    let failed = 0;
    for (const { version, results } of runs) {
      for (const r of results) {
        const ok = r.control ? r.errors.length > 0 && r.unexpected.length === 0 : r.errors.length === 0;
        if (!ok) failed++;
        const what = r.control ? 'negative control' : `${r.lib.padEnd(23)} ${r.moduleResolution.padEnd(8)} ${r.using ? 'use + using' : 'use'}`;
        console.log(`types: TypeScript ${version.padEnd(6)} ${what.padEnd(48)} ${ok ? 'ok' : 'FAILED'}`);
        if (r.control && !ok) console.log(`  expected exactly ${r.expected.join(', ')} in control.ts; unexpected or missing:\n${r.unexpected.join('\n') || '  (no errors at all)'}`);
        else if (!ok) console.log(r.errors.map((e) => `  ${e}`).join('\n'));
      }
    }
    const total = runs.reduce((n, r) => n + r.results.length, 0);
    const cpu = runs.map((r) => `${r.cpu.toFixed(1)} s for ${r.version}`).join(', ');
    console.log(`types: ${total - failed} passed, ${failed} failed in ${((performance.now() - t0) / 1000).toFixed(1)} s (CPU: ${cpu})`);
    process.exitCode = failed ? 1 : 0;
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
}

/** Runs a child process; resolves with its stdout parsed as JSON. */
function run(cmd, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`${args.join(' ')} exited with ${code}`))));
  });
}

/** The settings of every program: each lib × resolution (with using.ts where it compiles), then the control. */
function programs(version) {
  const out = [];
  for (const lib of LIBS) {
    for (const res of RESOLUTIONS) {
      const using = supportsUsing(version, lib);
      out.push({ settings: { ...lib, ...res }, result: { lib: lib.name, ...res, using }, files: using ? ['use.ts', 'using.ts'] : ['use.ts'] });
    }
  }
  return out;
}
/** The negative control: control.ts has exactly these errors, so the checker did read the types. */
function controlResult(errors) {
  const expected = ['src/control.ts(7): TS2322', 'src/control.ts(8): TS2322', 'src/control.ts(9): TS2367', 'src/control.ts(10): TS2322'];
  const got = errors.map((e) => e.split(':').slice(0, 2).join(':'));
  const unexpected = [...errors.filter((e, i) => !expected.includes(got[i])), ...expected.filter((e) => !got.includes(e)).map((e) => `  missing: ${e}`)];
  return { control: true, expected, errors, unexpected };
}

/** In the child, for a compiler with only a command line (TypeScript 7): one `tsc -p` per program. */
function compileAllCli(compiler, project) {
  const pkg = createRequire(join(root, 'package.json'))(`${compiler}/package.json`);
  const tsc = join(root, 'node_modules', compiler, pkg.bin.tsc);
  let n = 0;
  const compile = (settings, files) => {
    const config = join(project, `tsconfig-${compiler}-${n++}.json`);
    writeFileSync(config, JSON.stringify({
      compilerOptions: {
        target: 'ES2022', lib: settings.lib, module: settings.module, moduleResolution: settings.moduleResolution,
        types: settings.types, typeRoots: [join(project, 'node_modules', '@types')],
        strict: true, skipLibCheck: false, skipDefaultLibCheck: true, noEmit: true,
      },
      files: files.map((f) => `src/${f}`),
    }));
    let out = '';
    try {
      out = execFileSync(tsc, ['-p', config, '--pretty', 'false'], { cwd: project, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (e) {
      out = `${e.stdout ?? ''}${e.stderr ?? ''}`;
      if (!out) throw e;
    }
    // `src/use.ts(38,9): error TS2451: …` → `src/use.ts(38): TS2451: …`, as compileAll writes them.
    return out.split('\n').filter((l) => l.trim()).map((l) => l.replace(/^(.*?)\((\d+),\d+\): error (TS\d+): /, '$1($2): $3: '));
  };
  const version = execFileSync(tsc, ['--version'], { encoding: 'utf8' }).trim().replace(/^Version /, '');
  const results = programs(version).map((p) => ({ ...p.result, errors: compile(p.settings, p.files) }));
  results.push(controlResult(compile({ ...LIBS[1], ...RESOLUTIONS[0] }, ['control.ts'])));
  const cpu = process.cpuUsage();
  return { version, results, cpu: (cpu.user + cpu.system) / 1e6 };
}

/** In the child: every program of one TypeScript version, sharing parsed source files. */
function compileAll(compiler, project) {
  const ts = createRequire(join(root, 'package.json'))(compiler);
  const cache = new Map();
  const src = (f) => join(project, 'src', f);
  const compile = (settings, files) => {
    const options = {
      target: ts.ScriptTarget.ES2022,
      lib: settings.lib.map((l) => `lib.${l.toLowerCase()}.d.ts`),
      module: ts.ModuleKind[settings.module],
      moduleResolution: { bundler: ts.ModuleResolutionKind.Bundler, node16: ts.ModuleResolutionKind.Node16, nodenext: ts.ModuleResolutionKind.NodeNext }[settings.moduleResolution],
      types: settings.types,
      typeRoots: [join(project, 'node_modules', '@types')],
      strict: true,
      skipLibCheck: false,
      skipDefaultLibCheck: true,
      noEmit: true,
    };
    const host = ts.createCompilerHost(options);
    const getSourceFile = host.getSourceFile.bind(host);
    host.getSourceFile = (fileName, language, ...rest) => {
      const key = `${fileName}|${typeof language === 'object' ? `${language.languageVersion}:${language.impliedNodeFormat}` : language}`;
      if (!cache.has(key)) cache.set(key, getSourceFile(fileName, language, ...rest));
      return cache.get(key);
    };
    host.getCurrentDirectory = () => project;
    const program = ts.createProgram(files.map(src), options, host);
    return ts.getPreEmitDiagnostics(program).map((d) => {
      const where = d.file ? `${d.file.fileName.slice(project.length + 1)}(${d.file.getLineAndCharacterOfPosition(d.start).line + 1})` : '';
      return `${where}: TS${d.code}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
    });
  };
  const results = programs(ts.version).map((p) => ({ ...p.result, errors: compile(p.settings, p.files) }));
  results.push(controlResult(compile({ ...LIBS[1], ...RESOLUTIONS[0] }, ['control.ts'])));
  const cpu = process.cpuUsage();
  return { version: ts.version, results, cpu: (cpu.user + cpu.system) / 1e6 };
}
