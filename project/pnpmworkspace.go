package project

import (
	"fmt"
	"path/filepath"
	"strings"
	"unicode"

	"github.com/arbitergate/arbiter/internal/lazy"
)

// pnpm 10 takes its settings from pnpm-workspace.yaml as well as .npmrc,
// under camelCase names (nodeOptions is node-options). A setting .npmrc
// would be judged for is judged the same; the settings below change how
// dependencies are resolved, stored, linked or published, and nothing
// that runs; any other is taken to change what runs, which arbiter does
// not follow, since pnpm adds settings (and a file may name code) faster
// than a list of the harmful ones could keep up.
var pnpmWorkspaceInert = lazy.New(func() map[string]bool {
	keys := map[string]bool{}
	for _, k := range strings.Fields(`
		packages catalog catalogs catalogMode cleanupUnusedCatalogs overrides packageExtensions peerDependencyRules
		allowedDeprecatedVersions allowNonAppliedPatches allowUnusedPatches patchedDependencies updateConfig auditConfig
		onlyBuiltDependencies onlyBuiltDependenciesFile neverBuiltDependencies ignoredBuiltDependencies
		dangerouslyAllowAllBuilds strictDepBuilds ignoredOptionalDependencies supportedArchitectures requiredScripts
		minimumReleaseAge minimumReleaseAgeExclude trustPolicy trustPolicyExclude
		hoist hoistPattern publicHoistPattern shamefullyHoist hoistWorkspacePackages symlink enableModulesDir
		virtualStoreDir virtualStoreDirMaxLength packageImportMethod modulesCacheMaxAge dlxCacheMaxAge enableGlobalVirtualStore
		storeDir verifyStoreIntegrity useRunningStoreServer strictStorePkgContentCheck
		lockfile preferFrozenLockfile frozenLockfile lockfileIncludeTarballUrl gitBranchLockfile mergeGitBranchLockfilesBranchPattern peersSuffixMaxLength
		registry networkConcurrency fetchRetries fetchRetryFactor fetchRetryMintimeout fetchRetryMaxtimeout fetchTimeout fetchWarnTimeoutMs fetchMinSpeedKiBps
		autoInstallPeers dedupePeerDependents dedupePeers strictPeerDependencies resolvePeersFromWorkspaceRoot
		color loglevel useBetaCli recursiveInstall engineStrict packageManagerStrict packageManagerStrictVersion managePackageManagerVersions
		ignoreScripts childConcurrency sideEffectsCache sideEffectsCacheReadonly unsafePerm ignoreDepScripts ignorePnpmfile
		shellEmulator enablePrePostScripts nodeVersion
		linkWorkspacePackages injectWorkspacePackages syncInjectedDepsAfterScripts preferWorkspacePackages sharedWorkspaceLockfile
		saveWorkspaceProtocol includeWorkspaceRoot ignoreWorkspaceCycles disallowWorkspaceCycles failIfNoMatch
		savePrefix saveExact savePeer saveDev saveOptional saveProd tag useStderr updateNotifier preferSymlinkedExecutables
		ignoreCompatibilityDb resolutionMode registrySupportsTimeField extendNodePath deployAllFiles dedupeDirectDeps
		dedupeInjectedDeps optimisticRepeatInstall embedReadme gitChecks publishBranch ignoreWorkspaceRootCheck
		strictSsl preferOffline offline reporter excludeLinksFromLockfile
	`) {
		keys[k] = true
	}
	return keys
})

// readPnpmWorkspace reads the settings of pnpm-workspace.yaml.
func readPnpmWorkspace(path string) ([]ToolSetting, error) {
	docs, err := ReadYAML(path)
	if err != nil {
		return nil, err
	}
	var out []ToolSetting
	for _, d := range docs {
		if d == nil {
			continue
		}
		m, ok := d.(map[string]any)
		if !ok {
			return nil, fmt.Errorf("%s is not a mapping of settings", path)
		}
		for _, key := range sortedKeys(m) {
			if s, ok := pnpmWorkspaceSetting(path, key, m[key]); ok {
				out = append(out, s)
			}
		}
	}
	return out, nil
}

// pnpmWorkspaceSetting is the setting key of pnpm-workspace.yaml judged
// as its .npmrc name would be, or as an unfollowed change to what runs.
func pnpmWorkspaceSetting(path, key string, v any) (ToolSetting, bool) {
	s := ToolSetting{File: path, Key: key, Kind: SettingOther, Words: []string{fmt.Sprint(v)}, Base: filepath.Dir(path)}
	npmKey := kebab(key)
	kind, known := npmrcKeys.Get()[npmKey]
	value, scalar := scalarText(v)
	switch {
	case known && npmKey == "verify-deps-before-run" && (value == "false" || value == "warn" || value == "error"):
		return s, false
	case known && scalar:
		s.Kind, s.Words = kind, []string{value}
		if strings.Contains(value, "${") {
			s.Kind = SettingOther // a variable's value, only known when pnpm runs
		}
	case known:
		// a list or mapping where .npmrc has one value: not followed
	case key == "nodeLinker" && value != "pnp":
		return s, false // isolated or hoisted: node_modules as usual; pnp preloads .pnp.cjs
	case pnpmWorkspaceInert.Get()[key]:
		return s, false
	}
	return s, true
}

// scalarText is a YAML scalar as text.
func scalarText(v any) (string, bool) {
	switch v.(type) {
	case map[string]any, []any, nil:
		return "", false
	}
	return fmt.Sprint(v), true
}

// kebab turns a camelCase name into npm's kebab-case (nodeOptions is
// node-options).
func kebab(key string) string {
	var b strings.Builder
	for _, r := range key {
		if unicode.IsUpper(r) {
			b.WriteByte('-')
			r = unicode.ToLower(r)
		}
		b.WriteRune(r)
	}
	return b.String()
}
