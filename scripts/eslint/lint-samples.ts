/**
 * The repository's real ESLint config on sample files, for the tests of its import boundaries (mfe-comms' staff
 * boundary, the widgets' shared imports). ESLint's Node API (lintText) runs on every sample in one child process:
 * jest's module sandbox cannot load the config file (an ES module). Answers, per sample, the messages of the import
 * rules.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const REPO = path.resolve(__dirname, '..', '..');

/** samples: [file path from the repository's root, code]. */
export function lintSamples(samples: readonly (readonly [string, string])[]): string[][] {
  const script = `
    import { ESLint } from 'eslint';
    const eslint = new ESLint({ cwd: process.cwd() });
    const samples = JSON.parse(process.env.SAMPLES);
    const out = [];
    for (const [filePath, code] of samples) {
      const [result] = await eslint.lintText(code, { filePath });
      out.push(result.messages.filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'tours/no-cross-feature-imports').map((m) => m.message));
    }
    console.log(JSON.stringify(out));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: REPO, encoding: 'utf8', env: { ...process.env, SAMPLES: JSON.stringify(samples.map(([file, code]) => [path.join(REPO, file), code])) },
  });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout) as string[][];
}
