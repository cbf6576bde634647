/**
 * The operator's commands, on the store and catalog the configuration names (the MATCHLOG_* variables the
 * server reads). Each is loaded when asked for, so the offline commands never load a database driver.
 */
const COMMANDS = {
  migrate: async () => (await import('./migrate')).migrate(),
  rebuild: async () => (await import('./rebuild')).rebuild(),
  'check-integrity': async () => (await import('./check-integrity')).checkIntegrity(),
} as const;

/** the exit code of a command that could not run: check-integrity keeps 1 for "a file is damaged" */
const FAILED: Readonly<Record<OperatorCommand, number>> = { migrate: 1, rebuild: 1, 'check-integrity': 2 };

export type OperatorCommand = keyof typeof COMMANDS;

export const isOperatorCommand = (command: string | undefined): command is OperatorCommand => command !== undefined && Object.hasOwn(COMMANDS, command);

/** Runs `command`; when it cannot, says why (failureReport) and exits at once, open connections or not. */
export const runOperator = (command: OperatorCommand): Promise<number> =>
  COMMANDS[command]().catch(async (error: unknown) => {
    const { failureReport } = await import('../../../api/src/failure-report');
    console.error(failureReport(error));
    return process.exit(FAILED[command]);
  });
