package tools

import (
	"github.com/arbitergate/arbiter/agents"
	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/internal/lazy"
)

// Droid is Factory Droid's table.
func Droid() *Table { return droid.Get() }

// Sources: the tool IDs and their input schemas in the Factory Droid
// 0.225.2 binary (its tool display-name table and the zod schemas of
// each tool's input), and `droid exec --list-tools`.
var droid = lazy.New(func() *Table {
	opaque := func(name string, rule catalog.ID, why string) Tool {
		return Tool{Name: name, Effect: Opaque, Rule: rule, Why: why}
	}
	return &Table{ID: agents.Droid, Runtime: agents.Name(agents.Droid), File: "tools/droid.go", Var: "droid", tools: []Tool{
		{Name: "Execute", Effect: Runs, Command: []string{"command"}},
		{Name: "Read", Effect: Reads, Path: []string{"file_path"}},
		{Name: "LS", Effect: Lists, Path: []string{"directory_path"}},
		{Name: "Glob", Effect: Lists, Path: []string{"folder"}, Pattern: []string{"patterns"}},
		{Name: "Grep", Effect: Searches, Path: []string{"path"}, Pattern: []string{"pattern"}},
		{Name: "Create", Effect: Writes, Path: []string{"file_path"}, Content: []string{"content"}},
		{Name: "Edit", Effect: Edits, Path: []string{"file_path"}, Content: []string{"new_str"}, Old: []string{"old_str"}},
		{Name: "MultiEdit", Effect: Edits, Path: []string{"file_path"}, Content: []string{"changes[].new_str"}, Old: []string{"changes[].old_str"}},
		{Name: "ApplyPatch", Effect: Patches, Content: []string{"input", "patch"}},
		{Name: "FetchUrl", Effect: Fetches, URL: []string{"url"}},
		{Name: "WebSearch", Effect: SearchesWeb, Query: []string{"query"}},
		{Name: "TodoWrite", Effect: Session},
		{Name: "ToolSearch", Effect: Session},
		{Name: "TaskOutput", Effect: Session},
		{Name: "TaskStop", Effect: Session},
		{Name: "WaitForScript", Effect: Session},
		{Name: "UpgradeSessionModel", Effect: Session},
		{Name: "getIdeDiagnostics", Effect: Session},
		{Name: "ConnectorSearch", Effect: Session},
		{Name: "SelectFeature", Effect: Session},
		{Name: "EndFeatureRun", Effect: Session},
		{Name: "DismissHandoffItems", Effect: Session},
		{Name: "AskUser", Effect: Asks},
		// Each proposes a specification or a mission for the person to
		// approve in Droid's own dialog.
		{Name: "ExitSpecMode", Effect: Asks},
		{Name: "RecommendMission", Effect: Asks},
		{Name: "ProposeMission", Effect: Asks},
		{Name: "ExitMissionPlanning", Effect: Asks},
		{Name: "Skill", Effect: Skill, Subject: []string{"skill"}},
		{Name: "Task", Effect: Delegates},
		{Name: "StartMissionRun", Effect: Delegates},
		opaque("Script", catalog.UReplCode, "runs a script whose tool calls arbiter does not see one by one"),
		opaque("StageSettingsChanges", catalog.B5AgentConfig, "changes Droid's own settings, which can widen what it is allowed to do"),
		opaque("GenerateDroid", catalog.B5AgentConfig, "writes a new droid's configuration, which Droid then runs with its own tools"),
		opaque("Loop", catalog.CScheduledPrompt, "a repeated prompt later runs as if the person had typed it"),
		opaque("ConnectApp", catalog.C5Upload, "connects a remote app to the session, which can send its data there"),
		opaque("GenerateImage", catalog.C5Upload, "sends a prompt to an image model and writes the image it returns"),
	}}
})
