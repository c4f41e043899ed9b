package catalog

import "github.com/arbitergate/arbiter"

// The rule ids.
const (
	A1RawDiskWrite         ID = "A1.raw-disk-write"
	A1StorageDestroy       ID = "A1.storage-destroy"
	A2HomeDelete           ID = "A2.home-delete"
	A2RootDelete           ID = "A2.root-delete"
	A2SystemTreeDelete     ID = "A2.system-tree-delete"
	A2SystemTreeWrite      ID = "A2.system-tree-write"
	A3ForkBomb             ID = "A3.fork-bomb"
	A3KillAll              ID = "A3.kill-all"
	A4Permissions          ID = "A4.permissions"
	A4SecuritySettings     ID = "A4.security-settings"
	A4Shutdown             ID = "A4.shutdown"
	A6CredentialRead       ID = "A6.credential-read"
	A6SecretExfiltration   ID = "A6.secret-exfiltration"
	A6SecretUpload         ID = "A6.secret-upload"
	A6SystemFileUpload     ID = "A6.system-file-upload"
	A7DecodedExecution     ID = "A7.decoded-execution"
	A8RemoteShell          ID = "A8.remote-shell"
	BEnvInjection          ID = "B.env-injection"
	BKillProcess           ID = "B.kill-process"
	BOptionRunsProgram     ID = "B.option-runs-program"
	BOwnership             ID = "B.ownership"
	BPermissions           ID = "B.permissions"
	BRawDiskRead           ID = "B.raw-disk-read"
	BStorage               ID = "B.storage"
	BTlsBypass             ID = "B.tls-bypass"
	B1CloudDelete          ID = "B1.cloud-delete"
	B1DatabaseDrop         ID = "B1.database-drop"
	B1DatabaseReset        ID = "B1.database-reset"
	B1Delete               ID = "B1.delete"
	B1DeleteRecords        ID = "B1.delete-records"
	B1NamedDelete          ID = "B1.named-delete"
	B10Publish             ID = "B10.publish"
	B10SendMessage         ID = "B10.send-message"
	B12PrivilegedContainer ID = "B12.privileged-container"
	B12Root                ID = "B12.root"
	B12Setuid              ID = "B12.setuid"
	B2CredentialCreate     ID = "B2.credential-create"
	B3DatabaseDump         ID = "B3.database-dump"
	B3InlineSecret         ID = "B3.inline-secret"
	B3SecretCommit         ID = "B3.secret-commit"
	B3SecretCopy           ID = "B3.secret-copy"
	B3SecretPrint          ID = "B3.secret-print"
	B3SecretRead           ID = "B3.secret-read"
	B3SecretSearch         ID = "B3.secret-search"
	B3SecretWrite          ID = "B3.secret-write"
	B3UrlCredentials       ID = "B3.url-credentials"
	B4Install              ID = "B4.install"
	B5AgentConfig          ID = "B5.agent-config"
	B5GitExecConfig        ID = "B5.git-exec-config"
	B5GitGlobalConfig      ID = "B5.git-global-config"
	B5Persistence          ID = "B5.persistence"
	B5SystemConfig         ID = "B5.system-config"
	B6CloudChange          ID = "B6.cloud-change"
	B6Financial            ID = "B6.financial"
	B7GitBranchDelete      ID = "B7.git-branch-delete"
	B7GitDiscard           ID = "B7.git-discard"
	B7GitForcePush         ID = "B7.git-force-push"
	B7GitHistoryDestroy    ID = "B7.git-history-destroy"
	B7GitHistoryRewrite    ID = "B7.git-history-rewrite"
	B7GitMetadata          ID = "B7.git-metadata"
	B7GitNoVerify          ID = "B7.git-no-verify"
	B7GitTagDelete         ID = "B7.git-tag-delete"
	B8DockerDelete         ID = "B8.docker-delete"
	B9RunDownloaded        ID = "B9.run-downloaded"
	CAgentMemory           ID = "C.agent-memory"
	CAgentMessage          ID = "C.agent-message"
	CContainerRun          ID = "C.container-run"
	CDatabase              ID = "C.database"
	CDatabaseMigrate       ID = "C.database-migrate"
	CExternal              ID = "C.external"
	CGitRebase             ID = "C.git-rebase"
	CGitRemote             ID = "C.git-remote"
	CMcpTool               ID = "C.mcp-tool"
	CNamedForce            ID = "C.named-force"
	CNamedMigration        ID = "C.named-migration"
	CNamedProduction       ID = "C.named-production"
	CNamedRemote           ID = "C.named-remote"
	CNotify                ID = "C.notify"
	COpenApplication       ID = "C.open-application"
	CProductionDatabase    ID = "C.production-database"
	CRunOutsideCode        ID = "C.run-outside-code"
	CScheduledPrompt       ID = "C.scheduled-prompt"
	CServer                ID = "C.server"
	CUserAsked             ID = "C.user-asked"
	CWorktreeExit          ID = "C.worktree-exit"
	C1CloudRead            ID = "C1.cloud-read"
	C1NetworkRequest       ID = "C1.network-request"
	C1NetworkScan          ID = "C1.network-scan"
	C1PersonalData         ID = "C1.personal-data"
	C1RemoteCommand        ID = "C1.remote-command"
	C1ReroutedRequest      ID = "C1.rerouted-request"
	C2GitPush              ID = "C2.git-push"
	C3Move                 ID = "C3.move"
	C5DataInDns            ID = "C5.data-in-dns"
	C5DataInPing           ID = "C5.data-in-ping"
	C5DataInUrl            ID = "C5.data-in-url"
	C5Expose               ID = "C5.expose"
	C5Upload               ID = "C5.upload"
	C6Login                ID = "C6.login"
	DAskPerson             ID = "D.ask-person"
	DFunctionCall          ID = "D.function-call"
	DNestedShell           ID = "D.nested-shell"
	DOwnJobs               ID = "D.own-jobs"
	DRedirect              ID = "D.redirect"
	DSession               ID = "D.session"
	DSkill                 ID = "D.skill"
	DSubagent              ID = "D.subagent"
	DTellPerson            ID = "D.tell-person"
	DWrapper               ID = "D.wrapper"
	D1Help                 ID = "D1.help"
	D1List                 ID = "D1.list"
	D1McpResource          ID = "D1.mcp-resource"
	D1MissingProgram       ID = "D1.missing-program"
	D1NothingRuns          ID = "D1.nothing-runs"
	D1ReadFile             ID = "D1.read-file"
	D1ReadOnly             ID = "D1.read-only"
	D1Search               ID = "D1.search"
	D2AgentScratchDelete   ID = "D2.agent-scratch-delete"
	D2AgentScratchMove     ID = "D2.agent-scratch-move"
	D2CacheDelete          ID = "D2.cache-delete"
	D2Copy                 ID = "D2.copy"
	D2EnvFromTemplate      ID = "D2.env-from-template"
	D2PermissionsProject   ID = "D2.permissions-project"
	D2Rmdir                ID = "D2.rmdir"
	D2TempCleanup          ID = "D2.temp-cleanup"
	D2WriteProject         ID = "D2.write-project"
	D3Format               ID = "D3.format"
	D4Debug                ID = "D4.debug"
	D4InlineCode           ID = "D4.inline-code"
	D4LocalService         ID = "D4.local-service"
	D4RunProjectCode       ID = "D4.run-project-code"
	D4RunScript            ID = "D4.run-script"
	D4RunTests             ID = "D4.run-tests"
	D4RunWrittenFile       ID = "D4.run-written-file"
	D5Build                ID = "D5.build"
	D6GitLocal             ID = "D6.git-local"
	D6GitRead              ID = "D6.git-read"
	D7WebSearch            ID = "D7.web-search"
	EBroadPrefix           ID = "E.broad-prefix"
	ENetworkOnly           ID = "E.network-only"
	ENoJustification       ID = "E.no-justification"
	EOnePath               ID = "E.one-path"
	H1SelfJustifying       ID = "H1.self-justifying"
	H1UserTyped            ID = "H1.user-typed"
	H3InvisibleCharacters  ID = "H3.invisible-characters"
	H6Confirmed            ID = "H6.confirmed"
	H7OutsideProject       ID = "H7.outside-project"
	H8Interactive          ID = "H8.interactive"
	JRequestedLowRisk      ID = "J.requested-low-risk"
	JRiskyUnrequested      ID = "J.risky-unrequested"
	SGuardTamper           ID = "S.guard-tamper"
	UBadInput              ID = "U.bad-input"
	UBadUrl                ID = "U.bad-url"
	UBatchCode             ID = "U.batch-code"
	UBuildCode             ID = "U.build-code"
	UCancelled             ID = "U.cancelled"
	UChangedSinceWritten   ID = "U.changed-since-written"
	UCompiledSource        ID = "U.compiled-source"
	UConfigBroken          ID = "U.config-broken"
	UDebuggerCommand       ID = "U.debugger-command"
	UDefinition            ID = "U.definition"
	UDynamicCode           ID = "U.dynamic-code"
	UDynamicPath           ID = "U.dynamic-path"
	UDynamicProgram        ID = "U.dynamic-program"
	UEnvRedirect           ID = "U.env-redirect"
	UExtraOperand          ID = "U.extra-operand"
	UGitSetting            ID = "U.git-setting"
	UGlobOption            ID = "U.glob-option"
	UImpureCode            ID = "U.impure-code"
	UInteractive           ID = "U.interactive"
	UInteractiveScript     ID = "U.interactive-script"
	UInternalError         ID = "U.internal-error"
	ULinkerOption          ID = "U.linker-option"
	UMakefileNotPlain      ID = "U.makefile-not-plain"
	UNoRule                ID = "U.no-rule"
	UNoSpec                ID = "U.no-spec"
	UNoTokenizer           ID = "U.no-tokenizer"
	UNoTranscript          ID = "U.no-transcript"
	UParseError            ID = "U.parse-error"
	UPowershell            ID = "U.powershell"
	UProcessInput          ID = "U.process-input"
	UReplCode              ID = "U.repl-code"
	URunsAProgram          ID = "U.runs-a-program"
	UScriptFile            ID = "U.script-file"
	UStaleProgram          ID = "U.stale-program"
	UTerminalMultiplexer   ID = "U.terminal-multiplexer"
	UTooDeep               ID = "U.too-deep"
	UTooLarge              ID = "U.too-large"
	UTooManyFiles          ID = "U.too-many-files"
	UUnboundedLoop         ID = "U.unbounded-loop"
	UUnhandledSyntax       ID = "U.unhandled-syntax"
	UUnknownDirectory      ID = "U.unknown-directory"
	UUnknownGit            ID = "U.unknown-git"
	UUnknownInterpreter    ID = "U.unknown-interpreter"
	UUnknownModule         ID = "U.unknown-module"
	UUnknownOption         ID = "U.unknown-option"
	UUnknownProgram        ID = "U.unknown-program"
	UUnknownSubcommand     ID = "U.unknown-subcommand"
	UUnknownTool           ID = "U.unknown-tool"
	UUnlistedFiles         ID = "U.unlisted-files"
	UUnreadableCode        ID = "U.unreadable-code"
	UUnreadableConfig      ID = "U.unreadable-config"
	UUnreadableFile        ID = "U.unreadable-file"
	UUnreadableMakefile    ID = "U.unreadable-makefile"
	UUnreadableScript      ID = "U.unreadable-script"
	UUnresolved            ID = "U.unresolved"
	UUntracedProgram       ID = "U.untraced-program"
	UWatchMode             ID = "U.watch-mode"
	UWholePatch            ID = "U.whole-patch"
	UWorkflowScript        ID = "U.workflow-script"
	UWorkspaceScripts      ID = "U.workspace-scripts"
	UZshSyntax             ID = "U.zsh-syntax"
)

// table holds every rule, in id order.
var table = [...]Rule{
	{ID: A1RawDiskWrite, Verdict: arbiter.Deny, Summary: "overwrites a disk or system file beyond recovery", Instead: "ask the user to do this themselves"},
	{ID: A1StorageDestroy, Verdict: arbiter.Deny, Summary: "destroys a storage pool or dataset with all its data", Instead: "ask the user to do this themselves"},
	{ID: A2HomeDelete, Verdict: arbiter.Deny, Summary: "deletes a home directory with all of the user's files", Instead: "delete only the specific files inside the project that need to go, or ask the user to do this themselves"},
	{ID: A2RootDelete, Verdict: arbiter.Deny, Summary: "deletes the filesystem root, destroying the whole system", Instead: "delete only the specific files inside the project that need to go"},
	{ID: A2SystemTreeDelete, Verdict: arbiter.Deny, Summary: "deletes files the operating system needs, which can leave the machine unusable", Instead: "delete only the specific files inside the project that need to go, or ask the user to do this themselves"},
	{ID: A2SystemTreeWrite, Verdict: arbiter.Deny, Summary: "overwrites files in an operating system directory that the package manager owns, which can break the system", Instead: "install software with the package manager, or write the file inside the project"},
	{ID: A3ForkBomb, Verdict: arbiter.Deny, Summary: "a function starts copies of itself in new processes without bound, which exhausts the machine", Instead: "run a bounded number of jobs and wait for them"},
	{ID: A3KillAll, Verdict: arbiter.Deny, Summary: "signals init or every process, which brings the system down", Instead: "stop only the specific process the task started"},
	{ID: A4Permissions, Verdict: arbiter.Deny, Summary: "changes file attributes or access lists", Instead: "change permissions only on files inside the project"},
	{ID: A4SecuritySettings, Verdict: arbiter.Deny, Summary: "changes the system's security settings (firewall, mandatory access control or platform protection)", Instead: "ask the user to change security settings themselves"},
	{ID: A4Shutdown, Verdict: arbiter.Deny, Summary: "shuts down or restarts the machine", Instead: "ask the user to do this themselves"},
	{ID: A6CredentialRead, Verdict: arbiter.Deny, Summary: "reads or exports a credential, whose secrets would be copied into the conversation and sent off the machine", Instead: "ask the user to do this themselves"},
	{ID: A6SecretExfiltration, Verdict: arbiter.Deny, Summary: "reads a credential and sends data over the network in the same command, which would carry the secret off the machine", Instead: "never send credentials; if the user needs them shared, they must do it themselves"},
	{ID: A6SecretUpload, Verdict: arbiter.Deny, Summary: "uploads a credential file or a secret to a network location", Instead: "never send credentials; if the user needs them shared, they must do it themselves"},
	{ID: A6SystemFileUpload, Verdict: arbiter.Deny, Summary: "uploads a system file to a network location", Instead: "send only files from the project, and only when the user asked for it"},
	{ID: A7DecodedExecution, Verdict: arbiter.Deny, Summary: "runs code that is decoded or unpacked on the fly, so nobody can review what runs", Instead: "write the code out in plain text so it can be reviewed"},
	{ID: A8RemoteShell, Verdict: arbiter.Deny, Summary: "runs commands that arrive over a raw network connection, giving the other end control of this machine", Instead: "do not open remote access to this machine"},
	{ID: BEnvInjection, Verdict: arbiter.Ask, Summary: "an environment variable makes the program load code arbiter did not check"},
	{ID: BKillProcess, Verdict: arbiter.Ask, Summary: "stops running processes, which may belong to the user or the system"},
	{ID: BOptionRunsProgram, Verdict: arbiter.Ask, Summary: "an option or setting makes a tool run a program (git -c core.pager, rg --pre, tar --checkpoint-action): confirmed, since the program is hidden inside the call"},
	{ID: BOwnership, Verdict: arbiter.Ask, Summary: "changes who owns files outside the project (OS-level ownership of system trees is A4)"},
	{ID: BPermissions, Verdict: arbiter.Ask, Summary: "changes permissions, attributes or access lists of files outside the project (of system trees: A4)"},
	{ID: BRawDiskRead, Verdict: arbiter.Ask, Summary: "reads a raw disk, which can expose every file on it"},
	{ID: BStorage, Verdict: arbiter.Ask, Summary: "changes disks, partitions or storage pools without destroying them (destroying them is A1)"},
	{ID: BTlsBypass, Verdict: arbiter.Ask, Summary: "turns off certificate checks (curl -k to a remote host, GIT_SSL_NO_VERIFY, http.sslVerify=false), so an attacker in the middle could read or change the traffic; confirmed rather than blocked, since the policy's A5 names browser interstitial and pinning bypasses"},
	{ID: B1CloudDelete, Verdict: arbiter.Ask, Summary: "deletes cloud or cluster resources, which may hold data others rely on"},
	{ID: B1DatabaseDrop, Verdict: arbiter.Ask, Summary: "drops a database or a role, deleting everything in it"},
	{ID: B1DatabaseReset, Verdict: arbiter.Ask, Summary: "drops, resets or recreates the database, or accepts losing data, which deletes what it holds"},
	{ID: B1Delete, Verdict: arbiter.Ask, Summary: "destroys files beyond recovery"},
	{ID: B1DeleteRecords, Verdict: arbiter.Ask, Summary: "changes or deletes database records"},
	{ID: B1NamedDelete, Verdict: arbiter.Ask, Summary: "is named for destroying, which deletes data or resources"},
	{ID: B10Publish, Verdict: arbiter.Ask, Summary: "publishes a package"},
	{ID: B10SendMessage, Verdict: arbiter.Ask, Summary: "sends a message (email, chat, a post) that other people will read"},
	{ID: B12PrivilegedContainer, Verdict: arbiter.Ask, Summary: "runs a container with host-level privileges, which can change the host"},
	{ID: B12Root, Verdict: arbiter.Ask, Summary: "runs as root, where a mistake can damage the whole system"},
	{ID: B12Setuid, Verdict: arbiter.Ask, Summary: "makes a program run with its owner's privileges"},
	{ID: B2CredentialCreate, Verdict: arbiter.Ask, Summary: "creates a new key or certificate"},
	{ID: B3DatabaseDump, Verdict: arbiter.Ask, Summary: "dumps a database, which can hold personal data"},
	{ID: B3InlineSecret, Verdict: arbiter.Ask, Summary: "the call carries a secret (a token, key or password written into it), which would be sent to the model provider and kept in logs"},
	{ID: B3SecretCommit, Verdict: arbiter.Ask, Summary: "forces files that git is told to ignore into the index; ignored files are often secrets (.env files, keys), and once committed they stay in history and go wherever the repository is pushed"},
	{ID: B3SecretCopy, Verdict: arbiter.Ask, Summary: "copies a credential file, spreading the secret to another place"},
	{ID: B3SecretPrint, Verdict: arbiter.Ask, Summary: "prints a secret from the environment, which would be sent to the model provider with the conversation"},
	{ID: B3SecretRead, Verdict: arbiter.Ask, Summary: "reads a credential file, whose secrets would be copied into the conversation and sent to the model provider"},
	{ID: B3SecretSearch, Verdict: arbiter.Ask, Summary: "searches or prints files that hold credentials, which puts their secrets into the conversation"},
	{ID: B3SecretWrite, Verdict: arbiter.Ask, Summary: "writes to a credential file, which can replace or plant keys and tokens"},
	{ID: B3UrlCredentials, Verdict: arbiter.Ask, Summary: "the URL carries a password, which would be sent to the server and logged"},
	{ID: B4Install, Verdict: arbiter.Ask, Summary: "changes dependencies or configuration"},
	{ID: B5AgentConfig, Verdict: arbiter.Ask, Summary: "changes the agent's own configuration or instructions, which can widen what it is allowed to do"},
	{ID: B5GitExecConfig, Verdict: arbiter.Ask, Summary: "sets a git option that makes git run a program or fetch from elsewhere"},
	{ID: B5GitGlobalConfig, Verdict: arbiter.Ask, Summary: "changes the user's global git configuration, which affects every repository"},
	{ID: B5Persistence, Verdict: arbiter.Ask, Summary: "schedules commands that keep running after this session"},
	{ID: B5SystemConfig, Verdict: arbiter.Ask, Summary: "changes system configuration, which affects every program and user on the machine"},
	{ID: B6CloudChange, Verdict: arbiter.Ask, Summary: "changes cloud resources, which can cost money or affect others"},
	{ID: B6Financial, Verdict: arbiter.Ask, Summary: "talks to the payments API"},
	{ID: B7GitBranchDelete, Verdict: arbiter.Ask, Summary: "force-deletes or overwrites a branch, which can lose commits"},
	{ID: B7GitDiscard, Verdict: arbiter.Ask, Summary: "discards uncommitted work or stashes, which cannot be recovered"},
	{ID: B7GitForcePush, Verdict: arbiter.Ask, Summary: "rewrites or deletes history on the remote, which others may depend on"},
	{ID: B7GitHistoryDestroy, Verdict: arbiter.Ask, Summary: "expires the reflog, which destroys the record used to recover lost commits"},
	{ID: B7GitHistoryRewrite, Verdict: arbiter.Ask, Summary: "rewrites the repository's whole history"},
	{ID: B7GitMetadata, Verdict: arbiter.Ask, Summary: "writes inside .git, which can corrupt the repository's history"},
	{ID: B7GitNoVerify, Verdict: arbiter.Ask, Summary: "skips the repository's verification hooks"},
	{ID: B7GitTagDelete, Verdict: arbiter.Ask, Summary: "deletes or moves a tag"},
	{ID: B8DockerDelete, Verdict: arbiter.Ask, Summary: "deletes containers, images, volumes or build cache"},
	{ID: B9RunDownloaded, Verdict: arbiter.Ask, Summary: "runs code downloaded from the network without review: whoever controls that URL controls this machine"},
	{ID: CAgentMemory, Verdict: arbiter.Defer, Summary: "saving to the agent's memory changes what every later session is told, so the runtime decides"},
	{ID: CAgentMessage, Verdict: arbiter.Defer, Summary: "a message to another agent session can steer what it does"},
	{ID: CContainerRun, Verdict: arbiter.Defer, Summary: "runs a container"},
	{ID: CDatabase, Verdict: arbiter.Defer, Summary: "opens a database client; without a query it waits for input, so pass the query with -c or -e"},
	{ID: CDatabaseMigrate, Verdict: arbiter.Defer, Summary: "applies migrations or writes to a database, which changes its data"},
	{ID: CExternal, Verdict: arbiter.Defer, Summary: "opens a web browser"},
	{ID: CGitRebase, Verdict: arbiter.Defer, Summary: "rewrites local history"},
	{ID: CGitRemote, Verdict: arbiter.Defer, Summary: "changes where the repository fetches from and pushes to"},
	{ID: CMcpTool, Verdict: arbiter.Defer, Summary: "an MCP tool's effects are not known to arbiter; the runtime decides"},
	{ID: CNamedForce, Verdict: arbiter.Defer, Summary: "the script is run with --force, which overrides the checks meant to stop mistakes"},
	{ID: CNamedMigration, Verdict: arbiter.Defer, Summary: "is named for migrating, which changes a database"},
	{ID: CNamedProduction, Verdict: arbiter.Defer, Summary: "names production, where mistakes affect real users"},
	{ID: CNamedRemote, Verdict: arbiter.Defer, Summary: "is named for pushing, which changes something outside this project"},
	{ID: CNotify, Verdict: arbiter.Defer, Summary: "shows a desktop notification"},
	{ID: COpenApplication, Verdict: arbiter.Defer, Summary: "opens a file or URL in another application"},
	{ID: CProductionDatabase, Verdict: arbiter.Defer, Summary: "points at a production database, where a mistake affects real users and data"},
	{ID: CRunOutsideCode, Verdict: arbiter.Defer, Summary: "runs or debugs code from outside the project, or in a folder arbiter did not read"},
	{ID: CScheduledPrompt, Verdict: arbiter.Defer, Summary: "a scheduled prompt later runs as if the person had typed it"},
	{ID: CServer, Verdict: arbiter.Defer, Summary: "starts a network server, which keeps running"},
	{ID: CUserAsked, Verdict: arbiter.Allow, Summary: "makes a network request, a git push, a move or a sign-in that the user's own message asked for, naming the action and its object"},
	{ID: CWorktreeExit, Verdict: arbiter.Defer, Summary: "leaving a worktree can remove it together with its uncommitted changes"},
	{ID: C1CloudRead, Verdict: arbiter.Defer, Summary: "reads from a cloud service or cluster"},
	{ID: C1NetworkRequest, Verdict: arbiter.Defer, Summary: "makes a network request the user may or may not have asked for"},
	{ID: C1NetworkScan, Verdict: arbiter.Defer, Summary: "scans hosts on the network"},
	{ID: C1PersonalData, Verdict: arbiter.Ask, Summary: "sends personal data from the project to another machine"},
	{ID: C1RemoteCommand, Verdict: arbiter.Defer, Summary: "runs a command on a remote machine"},
	{ID: C1ReroutedRequest, Verdict: arbiter.Ask, Summary: "sends a request through a proxy or to an address other than the one it names"},
	{ID: C2GitPush, Verdict: arbiter.Defer, Summary: "publishes commits to a remote"},
	{ID: C3Move, Verdict: arbiter.Defer, Summary: "moves or renames files, which can overwrite an existing file"},
	{ID: C5DataInDns, Verdict: arbiter.Ask, Summary: "looks up a host name built when the command runs: the name's labels carry data to whoever runs that domain's name servers"},
	{ID: C5DataInPing, Verdict: arbiter.Ask, Summary: "fills ping packets with a chosen pattern, which carries data to the host pinged"},
	{ID: C5DataInUrl, Verdict: arbiter.Ask, Summary: "sends data in a URL (query strings that carry files, secrets or encoded text)"},
	{ID: C5Expose, Verdict: arbiter.Defer, Summary: "exposes a local port to the internet"},
	{ID: C5Upload, Verdict: arbiter.Defer, Summary: "sends local data to a network location; say what data goes where if the user has not asked for it"},
	{ID: C6Login, Verdict: arbiter.Defer, Summary: "signs in to a package registry"},
	{ID: DAskPerson, Verdict: arbiter.Allow, Summary: "the call only asks the person, who answers it"},
	{ID: DFunctionCall, Verdict: arbiter.Allow, Summary: "calls a function defined in the same command, whose body is judged"},
	{ID: DNestedShell, Verdict: arbiter.Allow, Summary: "runs a nested shell whose commands are judged one by one"},
	{ID: DOwnJobs, Verdict: arbiter.Allow, Summary: "stops the shell's own background jobs"},
	{ID: DRedirect, Verdict: arbiter.Allow, Summary: "changes the shell's file descriptors"},
	{ID: DSession, Verdict: arbiter.Allow, Summary: "bookkeeping inside the agent's session"},
	{ID: DSkill, Verdict: arbiter.Allow, Summary: "loads the instructions of an installed skill; what it runs passes the gate"},
	{ID: DSubagent, Verdict: arbiter.Allow, Summary: "a sub-agent's own tool calls pass through the gate"},
	{ID: DTellPerson, Verdict: arbiter.Allow, Summary: "the call only shows the person a message"},
	{ID: DWrapper, Verdict: arbiter.Allow, Summary: "a wrapper with nothing to run"},
	{ID: D1Help, Verdict: arbiter.Allow, Summary: "prints the program's help or version"},
	{ID: D1List, Verdict: arbiter.Allow, Summary: "lists file names without reading any file"},
	{ID: D1McpResource, Verdict: arbiter.Allow, Summary: "an MCP server's resources are read-only by the protocol"},
	{ID: D1MissingProgram, Verdict: arbiter.Allow, Summary: "names a program that is not installed, so the shell runs nothing"},
	{ID: D1NothingRuns, Verdict: arbiter.Allow, Summary: "the command runs nothing"},
	{ID: D1ReadFile, Verdict: arbiter.Allow, Summary: "reads a file that holds no credential"},
	{ID: D1ReadOnly, Verdict: arbiter.Allow, Summary: "reads or prints without changing anything"},
	{ID: D1Search, Verdict: arbiter.Allow, Summary: "searching files is read-only"},
	{ID: D2AgentScratchDelete, Verdict: arbiter.Allow, Summary: "deletes a file the agent wrote in this session that nothing has changed since"},
	{ID: D2AgentScratchMove, Verdict: arbiter.Allow, Summary: "moves, inside the project and onto a name that holds nothing, a file the agent wrote in this session that nothing has changed since"},
	{ID: D2CacheDelete, Verdict: arbiter.Allow, Summary: "deletes a cache folder that its tool writes again when it is needed"},
	{ID: D2Copy, Verdict: arbiter.Allow, Summary: "copies files locally"},
	{ID: D2EnvFromTemplate, Verdict: arbiter.Allow, Summary: "creates a project's environment file from its template (.env.example), which holds no credential, where there was none"},
	{ID: D2PermissionsProject, Verdict: arbiter.Allow, Summary: "changes permissions of files in the project"},
	{ID: D2Rmdir, Verdict: arbiter.Allow, Summary: "removes only empty directories"},
	{ID: D2TempCleanup, Verdict: arbiter.Allow, Summary: "deletes scratch files in a temp directory"},
	{ID: D2WriteProject, Verdict: arbiter.Allow, Summary: "creates or changes the files it names"},
	{ID: D3Format, Verdict: arbiter.Allow, Summary: "formats or lints code"},
	{ID: D4Debug, Verdict: arbiter.Allow, Summary: "runs the project's program under the debugger in batch mode and prints its state"},
	{ID: D4InlineCode, Verdict: arbiter.Allow, Summary: "runs inline code that arbiter read and found to do nothing it must confirm"},
	{ID: D4LocalService, Verdict: arbiter.Allow, Summary: "talks to a service on this machine, such as the project's own server under test"},
	{ID: D4RunProjectCode, Verdict: arbiter.Allow, Summary: "runs the project's own code"},
	{ID: D4RunScript, Verdict: arbiter.Allow, Summary: "runs a project script that arbiter read and found to do nothing it must confirm"},
	{ID: D4RunTests, Verdict: arbiter.Allow, Summary: "runs the project's tests, checks or build"},
	{ID: D4RunWrittenFile, Verdict: arbiter.Allow, Summary: "runs or loads a file the agent wrote earlier in this session, judged by what it contains"},
	{ID: D5Build, Verdict: arbiter.Allow, Summary: "builds, tests or checks the project"},
	{ID: D6GitLocal, Verdict: arbiter.Allow, Summary: "changes only the local repository (branches, commits, the index), not the files of others"},
	{ID: D6GitRead, Verdict: arbiter.Allow, Summary: "reads the repository without changing it"},
	{ID: D7WebSearch, Verdict: arbiter.Allow, Summary: "a web search only reads public pages"},
	{ID: EBroadPrefix, Verdict: arbiter.Deny, Summary: "a sandbox escalation proposes a reusable approval that is a shell, interpreter, launcher, wrapper or bare multi-purpose tool", Instead: "propose a narrower prefix_rule, or none"},
	{ID: ENetworkOnly, Verdict: arbiter.Deny, Summary: "a sandbox escalation for a command that needs only network access", Instead: "request network access alone (sandbox_permissions \"with_additional_permissions\" with network)"},
	{ID: ENoJustification, Verdict: arbiter.Ask, Summary: "a sandbox escalation that does not say why it is needed"},
	{ID: EOnePath, Verdict: arbiter.Deny, Summary: "a sandbox escalation for a command that needs only one writable path", Instead: "request write access to that path alone (sandbox_permissions \"with_additional_permissions\")"},
	{ID: H1SelfJustifying, Verdict: arbiter.Ask, Summary: "the call's description vouches for itself (approved, safe, the user said so), and text inside a call is never permission"},
	{ID: H1UserTyped, Verdict: arbiter.Ask, Summary: "the user's own message contains this exact command: a lesser denial becomes a question"},
	{ID: H3InvisibleCharacters, Verdict: arbiter.Ask, Summary: "the call contains invisible or control characters that can make it run something other than what a reader sees"},
	{ID: H6Confirmed, Verdict: arbiter.Allow, Summary: "a person approved this same call earlier in this session, in the same folder, and nothing it reads or runs has changed since: asking again would be a redundant confirmation"},
	{ID: H7OutsideProject, Verdict: arbiter.Ask, Summary: "works on files outside the project, where the task may not have sent it"},
	{ID: H8Interactive, Verdict: arbiter.Deny, Summary: "starts an interactive program or session that waits for a person to type, which hangs the agent", Instead: "run it non-interactively: pass the command, query or script as an argument"},
	{ID: JRequestedLowRisk, Verdict: arbiter.Allow, Summary: "the model judge found the call requested by the user and low in every risk"},
	{ID: JRiskyUnrequested, Verdict: arbiter.Deny, Summary: "the model judge found the call risky and not requested", Instead: "do only what the user asked; if this step is needed, ask the user first"},
	{ID: SGuardTamper, Verdict: arbiter.Deny, Summary: "changes or removes arbiter or another permission gate, its settings, cache, log or hook entries", Instead: "if the gate's settings need changing, ask the user to change them"},
	{ID: UBadInput, Verdict: arbiter.Defer, Summary: "the call or its input cannot be read as what the tool takes"},
	{ID: UBadUrl, Verdict: arbiter.Defer, Summary: "the resource's file URL cannot be parsed"},
	{ID: UBatchCode, Verdict: arbiter.Defer, Summary: "runs code in an editor's batch mode, which arbiter does not read"},
	{ID: UBuildCode, Verdict: arbiter.Defer, Summary: "a build or test run executes code of the project (a build script, a test, a runner's setup file) that does something arbiter cannot follow, such as a program named at run time"},
	{ID: UCancelled, Verdict: arbiter.Defer, Summary: "the decision was cancelled before it was reached"},
	{ID: UChangedSinceWritten, Verdict: arbiter.Defer, Summary: "runs a file the agent wrote earlier in this session that holds something else now, so it is not known to be the agent's"},
	{ID: UCompiledSource, Verdict: arbiter.Defer, Summary: "runs a program compiled from sources arbiter cannot read whole, or that do something with arguments only known when it runs"},
	{ID: UConfigBroken, Verdict: arbiter.Defer, Summary: "a configuration file could not be used, so nothing is allowed on the strength of the rest"},
	{ID: UDebuggerCommand, Verdict: arbiter.Defer, Summary: "runs a debugger command arbiter does not know to be inspection only"},
	{ID: UDefinition, Verdict: arbiter.Defer, Summary: "defines a shell function or alias whose later use arbiter cannot follow"},
	{ID: UDynamicCode, Verdict: arbiter.Defer, Summary: "runs code produced by another command, which is only known when the command runs"},
	{ID: UDynamicPath, Verdict: arbiter.Defer, Summary: "a path is only known when the command runs, so what it touches cannot be checked"},
	{ID: UDynamicProgram, Verdict: arbiter.Defer, Summary: "the program name is only known at run time"},
	{ID: UEnvRedirect, Verdict: arbiter.Defer, Summary: "sets a variable or option that makes a program load files or run programs arbiter did not check"},
	{ID: UExtraOperand, Verdict: arbiter.Defer, Summary: "more operands than the program's spec names"},
	{ID: UGitSetting, Verdict: arbiter.Defer, Summary: "a git setting arbiter does not know to be inert"},
	{ID: UGlobOption, Verdict: arbiter.Defer, Summary: "a pattern can match a file whose name the program reads as an option"},
	{ID: UImpureCode, Verdict: arbiter.Defer, Summary: "inline code does something arbiter cannot confirm is harmless (writes, runs programs, reaches the network)"},
	{ID: UInteractive, Verdict: arbiter.Defer, Summary: "starts a program that waits for a person to type, which would hang the agent"},
	{ID: UInteractiveScript, Verdict: arbiter.Defer, Summary: "a script it reads runs a program that may wait for input"},
	{ID: UInternalError, Verdict: arbiter.Defer, Summary: "arbiter failed while deciding; the runtime decides"},
	{ID: ULinkerOption, Verdict: arbiter.Defer, Summary: "an option passed through to the linker is not known to be inert"},
	{ID: UMakefileNotPlain, Verdict: arbiter.Defer, Summary: "make is given code or a Makefile that uses features arbiter does not read"},
	{ID: UNoRule, Verdict: arbiter.Defer, Summary: "no rule covers the call (a spec that leaves its program to a rule names none that exists), so the runtime decides"},
	{ID: UNoSpec, Verdict: arbiter.Defer, Summary: "the program has no spec, so none of its commands is allowed"},
	{ID: UNoTokenizer, Verdict: arbiter.Defer, Summary: "arbiter has no tokenizer for the language of this code"},
	{ID: UNoTranscript, Verdict: arbiter.Defer, Summary: "the session transcript was needed and could not be read"},
	{ID: UParseError, Verdict: arbiter.Defer, Summary: "the command cannot be parsed as Bash, so what it runs is unknown"},
	{ID: UPowershell, Verdict: arbiter.Defer, Summary: "runs a PowerShell command, and arbiter analyses only POSIX shell commands"},
	{ID: UProcessInput, Verdict: arbiter.Defer, Summary: "types text into a running program, and arbiter cannot tell what that program does with it"},
	{ID: UReplCode, Verdict: arbiter.Defer, Summary: "runs JavaScript in a persistent session, which arbiter does not analyse"},
	{ID: URunsAProgram, Verdict: arbiter.Defer, Summary: "a setting or option makes the tool run a program arbiter did not check"},
	{ID: UScriptFile, Verdict: arbiter.Defer, Summary: "runs a script from a file that arbiter does not read"},
	{ID: UStaleProgram, Verdict: arbiter.Defer, Summary: "runs a compiled program of the project whose sources changed after it was built, so the sources arbiter can read are not what it runs"},
	{ID: UTerminalMultiplexer, Verdict: arbiter.Defer, Summary: "controls terminal sessions in the background"},
	{ID: UTooDeep, Verdict: arbiter.Defer, Summary: "scripts run scripts more than six deep, beyond what arbiter reads"},
	{ID: UTooLarge, Verdict: arbiter.Defer, Summary: "the command is larger than arbiter analyses"},
	{ID: UTooManyFiles, Verdict: arbiter.Defer, Summary: "the code it runs loads more of the project's files (modules, conftest.py, test files) than arbiter reads to decide"},
	{ID: UUnboundedLoop, Verdict: arbiter.Defer, Summary: "a loop with no way out would hang the agent"},
	{ID: UUnhandledSyntax, Verdict: arbiter.Defer, Summary: "a piece of shell syntax the analysis does not read"},
	{ID: UUnknownDirectory, Verdict: arbiter.Defer, Summary: "works relative to a directory the analysis cannot tell"},
	{ID: UUnknownGit, Verdict: arbiter.Defer, Summary: "arbiter has no rule for this git subcommand"},
	{ID: UUnknownInterpreter, Verdict: arbiter.Defer, Summary: "runs a script in a language arbiter cannot read"},
	{ID: UUnknownModule, Verdict: arbiter.Defer, Summary: "imports or runs a module arbiter cannot find or read"},
	{ID: UUnknownOption, Verdict: arbiter.Defer, Summary: "an option or value that is not in the program's spec, so the call is not understood"},
	{ID: UUnknownProgram, Verdict: arbiter.Defer, Summary: "runs a program that arbiter has no spec or rule for"},
	{ID: UUnknownSubcommand, Verdict: arbiter.Defer, Summary: "arbiter has no rule for this subcommand"},
	{ID: UUnknownTool, Verdict: arbiter.Defer, Summary: "arbiter does not know this tool: it is in no runtime's tool table"},
	{ID: UUnlistedFiles, Verdict: arbiter.Defer, Summary: "puts files whose names arbiter has not read into the project (an archive, a patch, a tree from elsewhere)"},
	{ID: UUnreadableCode, Verdict: arbiter.Defer, Summary: "arbiter cannot read this code whole"},
	{ID: UUnreadableConfig, Verdict: arbiter.Defer, Summary: "arbiter cannot read a configuration file that decides what the command runs (a git repository's configuration, a compose file, a test runner's settings)"},
	{ID: UUnreadableFile, Verdict: arbiter.Defer, Summary: "arbiter cannot read the file the call reads, to check it for secrets"},
	{ID: UUnreadableMakefile, Verdict: arbiter.Defer, Summary: "arbiter cannot read the Makefile whose recipes the command runs"},
	{ID: UUnreadableScript, Verdict: arbiter.Defer, Summary: "arbiter cannot read the script to judge it"},
	{ID: UUnresolved, Verdict: arbiter.Defer, Summary: "an argument is only known when the command runs, so what it does cannot be checked"},
	{ID: UUntracedProgram, Verdict: arbiter.Defer, Summary: "runs a compiled program that arbiter cannot trace to sources it can read (a Go program of the project's module, or a cargo build's under target/), so what it does is not known"},
	{ID: UWatchMode, Verdict: arbiter.Defer, Summary: "keeps running and re-runs what it loads whenever a file changes: the files it runs then are written after this call, so arbiter cannot read them now"},
	{ID: UWholePatch, Verdict: arbiter.Defer, Summary: "a patch is judged file by file only as the hook adapter splits it, so the runtime decides"},
	{ID: UWorkflowScript, Verdict: arbiter.Defer, Summary: "runs a workflow script, which arbiter does not analyse"},
	{ID: UWorkspaceScripts, Verdict: arbiter.Defer, Summary: "runs the script in several workspace packages, whose package.json files arbiter does not read"},
	{ID: UZshSyntax, Verdict: arbiter.Defer, Summary: "a shape that is inert in Bash but runs code in zsh"},
}
