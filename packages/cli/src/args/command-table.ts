import { DEFAULT_MAX_SESSIONS, DEFAULT_SESSION_IDLE_S } from '../serve/session-limits.js';
import { POLICY_OPTIONS } from '../policy/policy-options-spec.js';
import type { OptionSpec } from './option-spec.js';

/** A subcommand: its positionals and options, for parsing and for help. */
export interface CommandSpec {
  /** Usage line after `toolwright `. */
  usage: string;
  /** One line saying what it does. */
  summary: string;
  /** Smallest and largest number of positionals (Infinity = any). */
  positionals: [min: number, max: number];
  /** Options besides the global ones. */
  options: Record<string, OptionSpec>;
  /** Examples shown by `toolwright help <command>`. */
  examples: string[];
}

/** Default port of `serve --http`. */
export const DEFAULT_PORT = 8765;

/** Options every command takes. */
export const GLOBAL_OPTIONS: Record<string, OptionSpec> = {
  spec: { type: 'string', value: 'FILE', help: 'agent spec (JSON or YAML: tools, mcpServers); default: the built-in tools in the current directory' },
  import: { type: 'string', multiple: true, value: 'MODULE', help: 'load a module first (it may register tools or export `tools`); repeatable' },
  preset: { type: 'string', value: 'NAME', help: 'the built-in tools used without --spec: openhands (default), claude or all' },
  'groups-file': { type: 'string', value: 'FILE', help: "tool group registrations of 'groups register' (default: $TOOLWRIGHT_GROUPS_FILE, else .toolwright/tool-groups.json); their tools join the toolset" },
  'no-color': { type: 'boolean', help: 'plain output (also: NO_COLOR=1)' },
  help: { type: 'boolean', short: 'h', help: 'show help' },
};

/** The names of the subcommands. */
export type CommandName = 'shell' | 'list' | 'schema' | 'test' | 'call' | 'serve' | 'groups' | 'auth' | 'init' | 'run' | 'replay' | 'approvals' | 'console' | 'help' | 'version';

/** Every subcommand, by name. */
export const COMMANDS: Record<CommandName, CommandSpec> = {
  shell: {
    usage: 'toolwright [--spec FILE] [--context KEY=VALUE]...',
    summary: 'interactive shell over the toolset (on a TTY; otherwise prints the tool list)',
    positionals: [0, 0],
    options: {
      context: { type: 'string', multiple: true, value: 'KEY=VALUE', help: "a value of every turn's context the spec's toolsets see (their when:); repeatable" },
    },
    examples: ['toolwright', 'toolwright --spec agent.yaml', 'toolwright --spec agent.yaml --context role=admin'],
  },
  list: {
    usage: 'toolwright list [--spec FILE] [--json] [--context KEY=VALUE]...',
    summary: "the tools of a turn's view: name, origin, annotation badges, description",
    positionals: [0, 0],
    options: {
      json: { type: 'boolean', help: 'machine-readable output' },
      context: { type: 'string', multiple: true, value: 'KEY=VALUE', help: "a value of the turn's context the spec's toolsets see (their when:); repeatable" },
    },
    examples: ['toolwright list', 'toolwright list --spec agent.yaml --json', 'toolwright list --spec agent.yaml --context role=admin'],
  },
  schema: {
    usage: 'toolwright schema [TOOL...] [--format openai|responses|anthropic|gemini|mcp] [--strict] [--security-risk]',
    summary: 'provider-format tool schemas as JSON, ready for an API call',
    positionals: [0, Infinity],
    options: {
      format: { type: 'string', short: 'f', value: 'FORMAT', help: 'openai (default), responses, anthropic, gemini or mcp' },
      strict: { type: 'boolean', help: 'OpenAI strict mode (closed objects, every property required)' },
      'security-risk': { type: 'boolean', help: 'add the security_risk field to tools that are not read-only' },
      summary: { type: 'boolean', help: 'add the optional summary field' },
    },
    examples: ['toolwright schema --format anthropic', 'toolwright schema grep glob --format openai --strict'],
  },
  test: {
    usage: 'toolwright test [TOOL...] [--spec FILE | --mcp "COMMAND" | --url URL] [--execute] [--timeout S] [--json]',
    summary: "prove tools from their schemas: generated valid and invalid inputs, every provider's export rules, optionally run (exit 1 on a failure)",
    positionals: [0, Infinity],
    options: {
      mcp: { type: 'string', value: 'COMMAND', help: 'test the tools of this MCP server (a command line spawned over stdio) instead of the toolset' },
      url: { type: 'string', value: 'URL', help: 'test the tools of the MCP server at this Streamable HTTP URL instead of the toolset' },
      execute: { type: 'boolean', help: "also run each valid input through an agent under the 'default' policy in a temporary directory (asks are refused, not run)" },
      timeout: { type: 'string', value: 'S', help: 'with --execute: seconds one call may take before it counts as a hang (default 10)' },
      json: { type: 'boolean', help: 'one JSON report for CI' },
    },
    examples: ['toolwright test', 'toolwright test grep glob --execute', 'toolwright test --mcp "npx -y @modelcontextprotocol/server-everything" --json', 'toolwright test --spec agent.yaml'],
  },
  call: {
    usage: "toolwright call TOOL ['JSON' | - | @FILE] [--spec FILE] [--json] [--timeout S] [--verbose] [--context KEY=VALUE]...",
    summary: 'run one tool call (exit 0 success, 1 error observation, 2 usage/spec error)',
    positionals: [1, 2],
    options: {
      json: { type: 'boolean', help: 'print the events and observation as JSON' },
      timeout: { type: 'string', value: 'S', help: 'time limit in seconds' },
      verbose: { type: 'boolean', help: "print the tool's log messages (ctx.log) to stderr as they happen (--json has them in events either way)" },
      context: { type: 'string', multiple: true, value: 'KEY=VALUE', help: "a value of the turn's context the spec's toolsets see (their when:): TOOL may be any tool of that turn's view (see list --context); repeatable" },
      ...POLICY_OPTIONS,
    },
    examples: [
      `toolwright call glob '{"pattern":"**/*.md"}'`,
      `toolwright call think '{"thought":"plan"}' --json`,
      'toolwright call file_editor @args.json      # arguments from a file',
      'jq -n \'{thought: "plan"}\' | toolwright call think -   # arguments from stdin',
      `toolwright call drop_all '{}' --spec agent.yaml --context role=admin   # a toolset tool shown only to admins`,
    ],
  },
  serve: {
    usage: 'toolwright serve [--spec FILE] [--context KEY=VALUE]... (--stdio | --http [--host H] [--port P] [--max-sessions N] [--session-idle S] [--shared-state | --stateless])',
    summary: 'one MCP server over the whole toolset (native and proxied MCP tools)',
    positionals: [0, 0],
    options: {
      stdio: { type: 'boolean', help: 'speak MCP on stdin/stdout' },
      context: { type: 'string', multiple: true, value: 'KEY=VALUE', help: "a value of the turn's context the spec's toolsets see (their when:): the served tools are that turn's view; repeatable" },
      http: { type: 'boolean', help: 'Streamable HTTP on http://HOST:PORT/mcp' },
      host: { type: 'string', value: 'H', help: 'address to bind (default 127.0.0.1; a non-loopback bind requires a bearer token)' },
      port: { type: 'string', value: 'P', help: `port (default ${DEFAULT_PORT}; 0 picks a free one)` },
      'allowed-host': { type: 'string', multiple: true, value: 'NAME', help: "extra Host header to accept: a name (on the listening port) or NAME:PORT (a load balancer's address); repeatable" },
      'allowed-origin': { type: 'string', multiple: true, value: 'ORIGIN', help: 'extra browser Origin to accept; repeatable' },
      ...POLICY_OPTIONS,
      'max-sessions': { type: 'string', value: 'N', help: `most MCP sessions open at once (default ${DEFAULT_MAX_SESSIONS}); one more initialize gets HTTP 503` },
      'session-idle': { type: 'string', value: 'S', help: `close a session after S seconds without a request (default ${DEFAULT_SESSION_IDLE_S})` },
      'shared-state': {
        type: 'boolean',
        help: 'one conversation for every HTTP client (one terminal, working state and undo history); default: one per MCP session',
      },
      stateless: {
        type: 'boolean',
        help: 'no MCP sessions: any replica answers any request (for several replicas behind a load balancer); one conversation per replica',
      },
      console: { type: 'boolean', help: 'with --http: the web console at /console on the same listener (catalogue, try a call, live calls, approvals inbox, audit log); asks then wait in the approvals inbox (--inbox, default .toolwright/inbox)' },
      inbox: { type: 'string', value: 'DIR|URL', help: "park asks in this approvals inbox (a directory, or postgres://… shared by replicas) instead of MCP elicitation; answer with 'toolwright approvals' or the console" },
    },
    examples: ['toolwright serve --stdio', `toolwright serve --http --port ${DEFAULT_PORT}`, 'TOOLWRIGHT_TOKEN=secret toolwright serve --http --host 0.0.0.0'],
  },
  groups: {
    usage: 'toolwright groups (list | tools [GROUP | GROUP/TOOL] | register GROUP --provider ID [--mcp-endpoint URL] [--arg KEY=VALUE]... [--tool-prefix P] [--concurrency serial|parallel] | unregister GROUP) [--spec FILE] [--groups-file FILE] [--json]',
    summary: "tool groups (the spec's toolGroupRegistry and the registered ones) with their status, their tools; register or unregister one",
    positionals: [1, 2],
    options: {
      json: { type: 'boolean', help: 'machine-readable output' },
      provider: { type: 'string', value: 'ID', help: 'register: the provider (brave-search, bing-search, tavily-search, wolfram-alpha, code-interpreter, memory, model-context-protocol)' },
      'mcp-endpoint': { type: 'string', value: 'URL', help: 'register: the MCP server of a model-context-protocol group' },
      'mcp-transport': { type: 'string', value: 'http|sse', help: 'register: the MCP transport (default http: Streamable HTTP)' },
      arg: { type: 'string', multiple: true, value: 'KEY=VALUE', help: 'register: a fixed argument of every call (VALUE read as JSON when it is JSON); repeatable' },
      'tool-prefix': { type: 'string', value: 'P', help: "register: put P before the group's tool names (bing_ → bing_web_search), so two groups offering one tool name both work" },
      concurrency: { type: 'string', value: 'serial|parallel', help: "register: parallel lets the group's tools that may write run at the same time (default serial: one at a time)" },
    },
    examples: [
      'toolwright groups register builtin::websearch --provider brave-search --arg max_results=5',
      'toolwright groups register builtin::bing --provider bing-search --tool-prefix bing_',
      'toolwright groups register mcp::docs --provider model-context-protocol --mcp-endpoint http://127.0.0.1:8000/mcp',
      'toolwright groups register mcp::search --provider model-context-protocol --mcp-endpoint http://127.0.0.1:8001/mcp --concurrency parallel',
      'toolwright groups list',
      'toolwright groups tools builtin::memory --spec agent.yaml --json',
      'toolwright groups unregister mcp::docs',
    ],
  },
  auth: {
    usage: 'toolwright auth (login SERVER [--timeout S] | status [SERVER] [--json] | logout SERVER) --spec FILE',
    summary: "sign in to an HTTP MCP server of the spec (OAuth; tokens kept in its auth.tokenFile), show or remove the sign-in",
    positionals: [1, 2],
    options: {
      timeout: { type: 'string', value: 'S', help: 'login: how long to wait for the browser (default 300)' },
      json: { type: 'boolean', help: 'status: machine-readable output' },
    },
    examples: ['toolwright auth login github --spec agent.yaml', 'toolwright auth status --spec agent.yaml', 'toolwright auth logout github --spec agent.yaml'],
  },
  run: {
    usage: 'toolwright run "TASK" --model PROVIDER:MODEL [--base-url URL] [--max-steps N] [--model-timeout S] [--json] [--state-file F] [--record F] | run --resume F [--approve ID]... [--reject ID]...',
    summary: 'a model works on TASK with the toolset (policy asks at the terminal; without one the run stops and saves its state to resume); exit 0 done, 1 failed or step limit, 2 usage, 3 waiting for approval, 130 Ctrl-C',
    positionals: [0, 1],
    options: {
      model: { type: 'string', short: 'm', value: 'PROVIDER:MODEL', help: 'openai:, responses: (OpenAI Responses), anthropic:, gemini: or openai-compatible: then the model name; keys from OPENAI_API_KEY, ANTHROPIC_API_KEY, GEMINI_API_KEY or GOOGLE_API_KEY' },
      'base-url': { type: 'string', value: 'URL', help: "the API's base URL (required for openai-compatible, e.g. http://127.0.0.1:11434/v1; overrides the provider's endpoint)" },
      'max-steps': { type: 'string', value: 'N', help: 'at most N model requests (default 10); reaching it with tool calls still coming exits 1' },
      'model-timeout': { type: 'string', value: 'S', help: 'seconds one model request may take, streamed answer included (default 600); past it the run fails naming the URL' },
      json: { type: 'boolean', help: 'JSON lines on stdout: text, call, result, pending, step, done' },
      'state-file': { type: 'string', value: 'F', help: 'where a run waiting for approval is saved (default .toolwright/run-state.json, mode 0600)' },
      resume: { type: 'string', value: 'F', help: 'continue the run saved in F (give the same --spec/--preset/policy flags)' },
      approve: { type: 'string', multiple: true, value: 'ID', help: 'with --resume: approve the pending call ID (or all); repeatable' },
      reject: { type: 'string', multiple: true, value: 'ID', help: 'with --resume: reject the pending call ID (or all); repeatable' },
      'approve-via': { type: 'string', value: 'inbox', help: "inbox: park each ask in the approvals inbox and wait for its answer (from 'toolwright approvals', the console or another process) instead of asking at the terminal or stopping" },
      inbox: { type: 'string', value: 'DIR|URL', help: 'with --approve-via inbox: the inbox (a directory or postgres://…; default $TOOLWRIGHT_INBOX, else .toolwright/inbox)' },
      record: { type: 'string', value: 'F', help: "append the session to F as JSON lines: model requests and responses, tool schemas, calls, decisions, approvals, results, timings (secrets masked); see 'toolwright replay'" },
      context: { type: 'string', multiple: true, value: 'KEY=VALUE', help: "a value of every turn's context the spec's toolsets see (their when:), as call --context; kept in the saved state for --resume; repeatable" },
      ...POLICY_OPTIONS,
    },
    examples: [
      'toolwright run "List the Markdown files and summarise README.md" --model openai:gpt-4.1-mini',
      'toolwright run "Fix the typo in notes.txt" --model anthropic:claude-sonnet-4-5 --ask file_editor',
      'toolwright run "Say hi" --model openai-compatible:llama3.2 --base-url http://127.0.0.1:11434/v1 --json',
      'toolwright run --resume .toolwright/run-state.json --approve call_1 --ask file_editor',
    ],
  },
  replay: {
    usage: 'toolwright replay FILE [--live-tools] [--show] [--json] [--spec FILE | --preset NAME] [--mode M] [--allow R]... [--ask R]... [--deny R]...',
    summary: "re-run a session recorded with 'run --record': model answers from the record, each call through the policy now, results from the record or the tools (--live-tools); prints what changed (tool schemas first); exit 0 same, 1 different, 2 unreadable record",
    positionals: [1, 1],
    options: {
      'live-tools': { type: 'boolean', help: 'run the tools instead of answering each call with its recorded result' },
      show: { type: 'boolean', help: 'print the record as a timeline (time offsets, model turns, calls, decisions, results) instead of replaying it' },
      json: { type: 'boolean', help: 'the report (or, with --show, the entries) as JSON' },
      ...POLICY_OPTIONS,
    },
    examples: ['toolwright run "Tidy the notes" --model openai:gpt-4.1-mini --record session.jsonl', 'toolwright replay session.jsonl', 'toolwright replay session.jsonl --live-tools --json', 'toolwright replay session.jsonl --show'],
  },
  approvals: {
    usage: 'toolwright approvals (list [--state pending|answered|withdrawn|all] | show ID | approve ID [--always | --edit JSON] | reject ID [--reason TEXT]) [--inbox DIR|postgres://…] [--binding B] [--json]',
    summary: "the approvals inbox: list the calls parked by 'serve --inbox' and 'run --approve-via inbox', answer one (it continues where it waits); exit 0 done, 1 refused (unknown, already answered, withdrawn, altered), 2 usage",
    positionals: [1, 2],
    options: {
      inbox: { type: 'string', value: 'DIR|URL', help: 'the inbox: a directory or postgres://… (default $TOOLWRIGHT_INBOX, else .toolwright/inbox)' },
      state: { type: 'string', value: 'STATE', help: 'list: pending (default), answered, withdrawn or all' },
      always: { type: 'boolean', help: 'approve: and add the suggested allow rules (to the waiting process\'s grants file)' },
      edit: { type: 'string', value: 'JSON', help: 'approve: with these arguments instead (the waiting call validates and checks them again)' },
      reason: { type: 'string', value: 'TEXT', help: 'reject: the reason the model is told' },
      binding: { type: 'string', value: 'B', help: 'approve/reject: answer only if the entry still has this binding (as list --json or show printed it)' },
      json: { type: 'boolean', help: 'machine-readable output' },
    },
    examples: ['toolwright approvals list', 'toolwright approvals approve Xq3… --inbox postgres://tw@db/tw', "toolwright approvals reject Xq3… --reason 'not on a Friday'", 'toolwright approvals approve Xq3… --edit \'{"path":"src/b.ts"}\''],
  },
  console: {
    usage: 'toolwright console [--spec FILE] [--host H] [--port P] [--inbox DIR|URL] [--allowed-host NAME]... [--allowed-origin ORIGIN]...',
    summary: 'the web console on its own listener: tool catalogue, try a call under the policy, live calls, the approvals inbox, the audit log',
    positionals: [0, 0],
    options: {
      host: { type: 'string', value: 'H', help: 'address to bind (default 127.0.0.1; a non-loopback bind requires a bearer token, TOOLWRIGHT_TOKEN or a printed one)' },
      port: { type: 'string', value: 'P', help: 'port (default 8766; 0 picks a free one)' },
      inbox: { type: 'string', value: 'DIR|URL', help: 'the approvals inbox the page shows and answers, where its own calls park their asks (default $TOOLWRIGHT_INBOX, else .toolwright/inbox)' },
      'allowed-host': { type: 'string', multiple: true, value: 'NAME', help: 'extra Host header to accept (NAME or NAME:PORT); repeatable' },
      'allowed-origin': { type: 'string', multiple: true, value: 'ORIGIN', help: 'extra browser Origin to accept for reads; repeatable' },
      ...POLICY_OPTIONS,
    },
    examples: ['toolwright console --spec agent.yaml', 'toolwright console --port 0 --ask file_editor', 'toolwright console --inbox postgres://tw@db/tw --spec agent.yaml'],
  },
  init: {
    usage: 'toolwright init [DIR]',
    summary: 'write a new project in DIR (empty or new; default here): a decorated tool, an agent spec, a test, npm start and npm test',
    positionals: [0, 1],
    options: {},
    examples: ['toolwright init my-agent', 'npx @toolwright/cli init my-agent'],
  },
  help: {
    usage: 'toolwright help [COMMAND]',
    summary: 'help on the commands',
    positionals: [0, 1],
    options: {},
    examples: ['toolwright help call'],
  },
  version: {
    usage: 'toolwright version',
    summary: 'print the version',
    positionals: [0, 0],
    options: {},
    examples: [],
  },
};
