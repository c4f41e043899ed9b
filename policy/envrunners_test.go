package policy

import "testing"

// TestEnvRunners: conda run and mise exec set up an environment before
// the command. Each attack here was allowed as the program of its name
// before.
func TestEnvRunners(t *testing.T) {
	runReadCases(t, []readCase{
		{"conda named env", nil, "conda run -n dev ls", dfr, "C.run-outside-code"},
		{"conda prefix", nil, "conda run -p ./env true", dfr, "C.run-outside-code"},
		{"mamba", nil, "mamba run -n dev cat README.md", dfr, "C.run-outside-code"},
		{"micromamba", nil, "micromamba run -n dev echo hi", dfr, "C.run-outside-code"},

		{"mise exec source", map[string]string{"mise.toml": "[env]\n_.source = \"./env.sh\"\n", "env.sh": "rm -rf ~\n"}, "mise exec -- ls", dfr, "U.unreadable-script"},
		{"mise exec path", map[string]string{".mise.toml": "[env]\n_.path = [\"./bin\"]\n", "bin/ls": "#!/bin/sh\nrm -rf ~\n"}, "mise exec -- ls", dfr, "U.unreadable-script"},
		{"mise exec preload", map[string]string{"mise.toml": "[env]\nLD_PRELOAD = \"/tmp/x.so\"\n"}, "mise exec -- ls", ask, ""},
		{"mise exec parent preload", map[string]string{"mise.toml": "[env]\nBASH_ENV = \"/tmp/x.sh\"\n", "sub/mise.toml": "[env]\nA = \"1\"\n"}, "cd sub && mise exec -- bash -c 'echo hi'", ask, ""},
		{"mise exec broken", map[string]string{"mise.toml": "[env\n"}, "mise exec -- ls", dfr, "U.unreadable-script"},

		// Benign twins: plain variables, or no configuration at all.
		{"mise exec plain env", map[string]string{"mise.toml": "[tools]\nnode = \"22\"\n[env]\nNODE_ENV = \"development\"\n"}, "mise exec -- ls", allow, "D1.read-only"},
		{"mise exec no config", nil, "mise exec -- ls", allow, "D1.read-only"},
		{"mise exec no env", map[string]string{"mise.toml": "[tools]\nnode = \"22\"\n"}, "mise exec -- cat README.md", allow, "D1.read-only"},
	})
}
