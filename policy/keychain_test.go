package policy

import "testing"

// TestKeychain: security prints certificates and identities; passwords,
// keys and every change ask, as every security command asked before.
func TestKeychain(t *testing.T) {
	runReadCases(t, []readCase{
		{"password printed", nil, "security find-generic-password -w -s app", ask, "B3.secret-read"},
		{"password in attributes", nil, "security find-internet-password -ga alice", ask, "B3.secret-read"},
		{"dump with data", nil, "security dump-keychain -d login.keychain", ask, "B3.secret-read"},
		{"export identities", nil, "security export -t identities -f pkcs12 -o out.p12", ask, "B3.secret-read"},
		{"search list set", nil, "security list-keychains -d user -s ~/x.keychain", ask, "B3.secret-read"},
		{"cms sign", nil, "security cms -S -N id -i a -o b", ask, "B3.secret-read"},
		{"cms without decode", nil, "security cms -i profile.mobileprovision", ask, "B3.secret-read"},
		{"interactive", nil, "security -i", ask, "B3.secret-read"},
		{"unknown option of a read", nil, "security find-certificate -a -k x", dfr, "U.unknown-option"},

		// Twins: public material.
		{"certificates", nil, "security find-certificate -a -p -Z", allow, "D1.read-only"},
		{"identities", nil, "security find-identity -p codesigning -v", allow, "D1.read-only"},
		{"search list", nil, "security list-keychains -d user", allow, "D1.read-only"},
		{"profile decoded", map[string]string{"build/embedded.mobileprovision": "x"}, "security cms -D -i build/embedded.mobileprovision", allow, "D1.read-only"},
	})
}
