// Adds up the Vitest JSON reports of a CI run, names every failed test, prints how long each CI step took
// (from the durations file .ci/run writes) and ends with the closing line 'N passed, N failed'.
// A failed test counts once; a test file that failed without a failed test (it could not load, or a hook
// failed) counts as one failure. Vitest's own numFailedTestSuites also counts describe blocks, so it is not used.
import fs from 'node:fs';
import path from 'node:path';

const args = process.argv.slice(2);
const durationsAt = args.indexOf('--durations');
const durationsFile = durationsAt >= 0 ? args[durationsAt + 1] : undefined;
const reports = durationsAt >= 0 ? args.filter((_, i) => i !== durationsAt && i !== durationsAt + 1) : args;

let passed = 0;
let failed = 0;
const missing = [];
const failures = [];
for (const file of reports) {
  const name = path.basename(file, '.json');
  if (!fs.existsSync(file)) {
    missing.push(name);
    continue;
  }
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  let reportFailed = 0;
  for (const suite of report.testResults ?? []) {
    const where = path.relative(process.cwd(), suite.name ?? '');
    const failedTests = (suite.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failedTests) failures.push(`${name}: ${where} > ${test.fullName ?? test.title}`);
    reportFailed += failedTests.length;
    if (suite.status === 'failed' && failedTests.length === 0) {
      reportFailed += 1;
      const why = String(suite.message ?? '')
        .split('\n')[0]
        .slice(0, 200);
      failures.push(`${name}: ${where} (the file failed without a failed test${why ? `: ${why}` : ''})`);
    }
  }
  passed += report.numPassedTests ?? 0;
  failed += reportFailed;
  console.log(`${name}: ${report.numPassedTests ?? 0} passed, ${reportFailed} failed`);
}
if (failures.length > 0) {
  console.log('\nfailed:');
  for (const line of failures) console.log(`  ${line}`);
}
if (durationsFile && fs.existsSync(durationsFile)) {
  console.log('\nstep durations:');
  for (const line of fs.readFileSync(durationsFile, 'utf8').trim().split('\n')) {
    const [seconds, ...step] = line.split('\t');
    const s = Number(seconds);
    console.log(
      `  ${`${Math.floor(s / 60)}m ${String(s % 60).padStart(2, '0')}s`.padStart(8)}  ${step.join(' ')}`,
    );
  }
}
if (missing.length > 0) {
  console.log(`\nmissing reports (a step did not run): ${missing.join(', ')}`);
  failed += missing.length;
}
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
