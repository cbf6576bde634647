/** Prints jest's totals as the plain closing line CI reads ("tests: N passed, N failed, N skipped"), on stderr after jest's own summary. */
class SummaryReporter {
  onRunComplete(_contexts, results) {
    const { numPassedTests, numFailedTests, numPendingTests, numTodoTests, numRuntimeErrorTestSuites } = results;
    const failed = numFailedTests + numRuntimeErrorTestSuites;
    // jest's own summary is written after every reporter's onRunComplete: print once the process is done
    process.once('exit', () => process.stderr.write(`\ntests: ${numPassedTests} passed, ${failed} failed, ${numPendingTests + numTodoTests} skipped\n`));
  }
}
module.exports = SummaryReporter;
