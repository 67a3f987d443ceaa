// Adds up the Vitest JSON reports of a CI run and prints the closing line 'N passed, N failed'.
import fs from 'node:fs';
import path from 'node:path';

let passed = 0;
let failed = 0;
const missing = [];
for (const file of process.argv.slice(2)) {
  if (!fs.existsSync(file)) {
    missing.push(path.basename(file));
    continue;
  }
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  passed += report.numPassedTests ?? 0;
  // A suite that failed to load counts as a failure even though none of its tests ran.
  failed +=
    (report.numFailedTests ?? 0) + (report.numFailedTestSuites ?? 0) - countSuitesWithFailedTests(report);
  console.log(
    `${path.basename(file, '.json')}: ${report.numPassedTests} passed, ${report.numFailedTests} failed`,
  );
}
function countSuitesWithFailedTests(report) {
  return (report.testResults ?? []).filter(
    (suite) => suite.status === 'failed' && (suite.assertionResults ?? []).some((t) => t.status === 'failed'),
  ).length;
}
if (missing.length > 0) {
  console.log(`missing reports (a step did not run): ${missing.join(', ')}`);
  failed += missing.length;
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
