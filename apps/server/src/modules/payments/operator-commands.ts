/**
 * What the operator API's command endpoint (POST /api/admin/commands) and the CLI share about an operator
 * command: its shape, the environment it runs in, the error that is an operator mistake, and which commands a
 * running server runs on the CLI's behalf. The command table itself is composed by the CLI (cli-commands.ts).
 */
/** An operator mistake (unknown e-mail, missing file, bad argument): printed as one line, exit code 1. */
export class CliError extends Error {
  override name = 'CliError';
}

/**
 * Who runs a command and how it reads the operator's files: at the terminal (the OS user, files
 * relative to the folder the command was typed in), or inside the running server on the CLI's
 * behalf (the X-Operator name, the file contents the CLI sent; cli.ts, POST /api/admin/commands).
 */
export interface CommandEnv {
  actor: string;
  readFile(file: string): Promise<string>;
}

/** A command of the CLI's table, run against what the composition root built (`Ctx`: the app's services). */
export interface OperatorCommand<Ctx> {
  usage: string;
  run(ctx: Ctx, args: string[], env?: CommandEnv): Promise<string>;
}

/**
 * Runs one of the remote commands inside the running server, as the CLI would at the terminal; undefined when
 * the name is not a command a server runs for the CLI (the endpoint answers 404).
 */
export type RemoteCommandRunner = (
  name: string,
  args: string[],
  env: CommandEnv,
) => Promise<string> | undefined;

/** The commands a running server runs on the CLI's behalf (the embedded database allows one process). */
export const REMOTE_COMMANDS: readonly string[] = [
  'login-code',
  'outbox',
  'popup:create',
  'review-document',
  'affiliate:create',
  'staff:create',
  'audit:verify',
  // the server imports the list (the CLI sends the file) and screens every client again
  'screening:import',
  // inside the server, the backtest reads the server's candles (the ones the client area's backtest reads)
  'backtest',
];
