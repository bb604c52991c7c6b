/**
 * A structural parse of a Dockerfile, strict where the Docker builder is strict and where a typo
 * would silently change the image: unknown instructions, unknown flags, a broken exec-form (JSON)
 * array, a stage name used twice, `COPY --from` naming a stage that does not come earlier. No
 * Docker engine runs on these machines, so `docker build --check` is not available to the tests.
 */

export class DockerfileSyntaxError extends Error {
  constructor(line: number, message: string) {
    super(`Dockerfile line ${line}: ${message}`);
    this.name = 'DockerfileSyntaxError';
  }
}

export interface DockerInstruction {
  /** Upper case: FROM, RUN, COPY… */
  keyword: string;
  /** `--name=value` options before the arguments. */
  flags: Record<string, string>;
  /** The arguments after the flags, continuation lines joined. */
  args: string;
  /** The exec form's array when the arguments are one (`["node", "server/main.ts"]`). */
  exec?: string[];
  line: number;
}

export interface DockerStage {
  image: string;
  name?: string;
  instructions: DockerInstruction[];
}

/** The flags each instruction accepts (BuildKit's Dockerfile frontend, version 1). */
const INSTRUCTION_FLAGS: Record<string, readonly string[]> = {
  FROM: ['platform'],
  RUN: ['mount', 'network', 'security'],
  CMD: [],
  LABEL: [],
  MAINTAINER: [],
  EXPOSE: [],
  ENV: [],
  ADD: ['from', 'chown', 'chmod', 'link', 'keep-git-dir', 'checksum', 'exclude'],
  COPY: ['from', 'chown', 'chmod', 'link', 'parents', 'exclude'],
  ENTRYPOINT: [],
  VOLUME: [],
  USER: [],
  WORKDIR: [],
  ARG: [],
  ONBUILD: [],
  STOPSIGNAL: [],
  HEALTHCHECK: ['interval', 'timeout', 'start-period', 'start-interval', 'retries'],
  SHELL: [],
};
const EXEC_FORM_REQUIRED = new Set(['SHELL']);
const EXEC_FORM_ALLOWED = new Set(['RUN', 'CMD', 'ENTRYPOINT', 'SHELL', 'COPY', 'ADD', 'VOLUME']);

interface LogicalLine {
  text: string;
  line: number;
}

/** Joins `\` continuations and drops comment lines (also those inside a continuation, as Docker does). */
function logicalLines(source: string): LogicalLine[] {
  const lines: LogicalLine[] = [];
  let pending: LogicalLine | undefined;
  source.split(/\r?\n/).forEach((raw, index) => {
    const trimmed = raw.trim();
    if (trimmed.startsWith('#') || (trimmed === '' && !pending)) return;
    const continues = trimmed.endsWith('\\');
    const text = continues ? trimmed.slice(0, -1) : trimmed;
    pending = pending
      ? { text: `${pending.text} ${text}`.trim(), line: pending.line }
      : { text, line: index + 1 };
    if (!continues) {
      lines.push(pending);
      pending = undefined;
    }
  });
  // Docker accepts a continuation on the last line: the instruction simply ends there.
  if (pending) lines.push(pending);
  return lines;
}

function parseExecForm(args: string, line: number): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(args);
  } catch (error) {
    throw new DockerfileSyntaxError(line, `exec form is not a JSON array: ${(error as Error).message}`);
  }
  if (!Array.isArray(parsed) || parsed.length === 0 || !parsed.every((part) => typeof part === 'string')) {
    throw new DockerfileSyntaxError(line, 'exec form must be a non-empty JSON array of strings');
  }
  return parsed;
}

function parseInstruction({ text, line }: LogicalLine): DockerInstruction {
  const keywordMatch = /^(\S+)\s*(.*)$/s.exec(text);
  const keyword = (keywordMatch?.[1] ?? '').toUpperCase();
  const allowedFlags = INSTRUCTION_FLAGS[keyword];
  if (!allowedFlags) throw new DockerfileSyntaxError(line, `unknown instruction ${keywordMatch?.[1]}`);
  let rest = keywordMatch?.[2] ?? '';
  const flags: Record<string, string> = {};
  for (
    let flag = /^--([a-z-]+)(?:=(\S*))?\s*/.exec(rest);
    flag;
    flag = /^--([a-z-]+)(?:=(\S*))?\s*/.exec(rest)
  ) {
    const name = flag[1] ?? '';
    if (!allowedFlags.includes(name))
      throw new DockerfileSyntaxError(line, `${keyword} has no flag --${name}`);
    flags[name] = flag[2] ?? 'true';
    rest = rest.slice(flag[0].length);
  }
  const args = rest.trim();
  if (args === '') throw new DockerfileSyntaxError(line, `${keyword} needs arguments`);
  const instruction: DockerInstruction = { keyword, flags, args, line };
  if (args.startsWith('[') && EXEC_FORM_ALLOWED.has(keyword)) instruction.exec = parseExecForm(args, line);
  else if (EXEC_FORM_REQUIRED.has(keyword))
    throw new DockerfileSyntaxError(line, `${keyword} takes a JSON array`);
  if (keyword === 'HEALTHCHECK') {
    const healthcheck = /^(CMD|NONE)\b\s*(.*)$/is.exec(args);
    if (!healthcheck) throw new DockerfileSyntaxError(line, 'HEALTHCHECK takes CMD <command> or NONE');
    const command = healthcheck[2] ?? '';
    if (healthcheck[1]?.toUpperCase() === 'CMD') {
      if (command === '') throw new DockerfileSyntaxError(line, 'HEALTHCHECK CMD needs a command');
      if (command.startsWith('[')) instruction.exec = parseExecForm(command, line);
    }
  }
  return instruction;
}

/** Parses a Dockerfile into its build stages; throws DockerfileSyntaxError on the first problem. */
export function parseDockerfile(source: string): DockerStage[] {
  const stages: DockerStage[] = [];
  for (const logical of logicalLines(source)) {
    const instruction = parseInstruction(logical);
    if (instruction.keyword === 'FROM') {
      const from = /^(\S+)(?:\s+AS\s+([a-z][a-z0-9._-]*))?$/i.exec(instruction.args);
      if (!from) throw new DockerfileSyntaxError(logical.line, 'FROM takes <image> [AS <name>]');
      const name = from[2]?.toLowerCase();
      if (name && stages.some((stage) => stage.name === name)) {
        throw new DockerfileSyntaxError(logical.line, `stage name ${name} is used twice`);
      }
      stages.push({ image: from[1] ?? '', name, instructions: [instruction] });
      continue;
    }
    const current = stages.at(-1);
    if (!current) {
      if (instruction.keyword === 'ARG') continue;
      throw new DockerfileSyntaxError(logical.line, `${instruction.keyword} before the first FROM`);
    }
    const copiedFrom = instruction.flags.from;
    const earlierStages = stages.slice(0, -1);
    const namesEarlierStage =
      earlierStages.some((stage) => stage.name === copiedFrom?.toLowerCase()) ||
      (/^\d+$/.test(copiedFrom ?? '') && Number(copiedFrom) < earlierStages.length);
    // An image reference (with a tag or a registry path) is also allowed; a bare word must be a stage.
    if (copiedFrom && !/[:/]/.test(copiedFrom) && !namesEarlierStage) {
      throw new DockerfileSyntaxError(logical.line, `--from=${copiedFrom} names no earlier stage`);
    }
    current.instructions.push(instruction);
  }
  if (stages.length === 0) throw new DockerfileSyntaxError(1, 'no FROM instruction');
  return stages;
}
