package policy

import "testing"

// TestArchiveBuilders: ar lists or builds the archive it names, ranlib
// indexes it in place and zip packs the files named into it; extracting
// unnamed members, deleting the packed files, loading a plugin or running
// a test command keeps its answer.
func TestArchiveBuilders(t *testing.T) {
	files := map[string]string{"build/foo.o": "obj", "src/main.c": "int main(){}\n"}
	runReadCases(t, []readCase{
		{"ar list", files, "ar t build/libfoo.a", allow, "D1.read-only"},
		{"ar build", files, "ar rcs build/libfoo.a build/foo.o", allow, "D2.write-project"},
		{"ar quick append", files, "ar qc build/libfoo.a build/foo.o", allow, "D2.write-project"},
		{"ranlib", files, "ranlib build/libfoo.a", allow, "D2.write-project"},
		{"ar into bashrc", files, "ar rcs ~/.bashrc build/foo.o", ask, "B5.persistence"},
		{"ar system library", files, "ar rcs /usr/lib/libc.a build/foo.o", deny, "A2.system-tree-write"},
		{"ar packs a key", files, "ar rcs build/k.a ~/.ssh/id_rsa", deny, "A6.credential-read"},
		{"ar extract", files, "ar x build/libfoo.a", dfr, "U.unknown-subcommand"},
		{"ar delete member", files, "ar d build/libfoo.a foo.o", dfr, "U.unknown-subcommand"},
		{"ar plugin", files, "ar --plugin ./evil.so rcs build/libfoo.a build/foo.o", dfr, "U.unknown-option"},
		{"ranlib plugin", files, "ranlib --plugin ./evil.so build/libfoo.a", dfr, "U.unknown-option"},

		{"zip recursive", files, "zip -r dist/src.zip src", allow, "D2.write-project"},
		{"zip quiet best", files, "zip -q -9 -j dist/obj.zip build/foo.o", allow, "D2.write-project"},
		{"zip exclude", files, "zip -r dist/src.zip . -x '*.git*'", allow, "D2.write-project"},
		{"zip ssh folder", files, "zip -r dist/keys.zip ~/.ssh", deny, "A6.credential-read"},
		{"zip over bashrc", files, "zip -r ~/.bashrc src", ask, "B5.persistence"},
		{"zip test command", files, "zip -T -TT 'sh -c id' dist/src.zip src", dfr, "U.unknown-option"},
		{"zip moves files", files, "zip -m dist/src.zip src/main.c", dfr, "U.unknown-option"},
		{"zip encrypt", files, "zip -P secret dist/src.zip src/main.c", dfr, "U.unknown-option"},
	})
}

// TestDigestsAndVersions: openssl's digests print a hash of the files
// named; the linker, nginx and database clients print their
// version. Signing, an engine, a config test that loads nginx's
// configuration and a query keep their answers.
func TestDigestsAndVersions(t *testing.T) {
	files := map[string]string{"dist/app.tar.gz": "x"}
	runReadCases(t, []readCase{
		{"openssl dgst", files, "openssl dgst -sha256 dist/app.tar.gz", allow, "D1.read-only"},
		{"openssl sha256", files, "openssl sha256 dist/app.tar.gz", allow, "D1.read-only"},
		{"openssl md5 reversed", files, "openssl md5 -r dist/app.tar.gz", allow, "D1.read-only"},
		{"openssl sign", files, "openssl dgst -sha256 -sign key.pem dist/app.tar.gz", ask, "B3.secret-read"},
		{"openssl engine", files, "openssl dgst -engine ./evil.so dist/app.tar.gz", dfr, "U.unknown-option"},
		{"openssl digest of a key", files, "openssl sha256 ~/.ssh/id_rsa", deny, "A6.credential-read"},
		{"openssl digest out", files, "openssl dgst -out ~/.bashrc dist/app.tar.gz", dfr, "U.unknown-option"},

		{"ld version", files, "ld --version", allow, ""},
		{"ld short version", files, "ld -v", allow, ""},
		{"nginx version", files, "nginx -v", allow, ""},
		{"nginx build options", files, "nginx -V", allow, ""},
		{"ld links", files, "ld -o /usr/bin/app build/main.o", dfr, "U.unknown-option"},
		{"ld links by default", files, "ld build/main.o", dfr, ""},
		{"as assembles", files, "as", dfr, ""},
		{"nginx config test", files, "nginx -t", dfr, "C.server"},
		{"nginx signal", files, "nginx -s stop", dfr, "C.server"},
		{"nginx start", files, "nginx", dfr, "C.server"},
		{"nginx version and start", files, "nginx -v -g 'daemon off;'", dfr, "C.server"},

		{"psql version", files, "psql --version", allow, "D1.read-only"},
		{"mysql help", files, "mysql --help", allow, "D1.read-only"},
		{"mongosh version", files, "mongosh --version", allow, "D1.read-only"},
		{"psql version and query", files, "psql --version -c 'DROP TABLE users'", ask, "B1.delete-records"},
		{"psql query", files, "psql -c 'SELECT * FROM users'", dfr, "C.database"},
		{"mysql version with stdin", files, "mysql --version < dump.sql", dfr, ""},
	})
}

// TestRedisStatus: PING, DBSIZE and INFO read no stored value from a
// local Redis; reading keys, a remote server, a script and a flush keep
// their answers.
func TestRedisStatus(t *testing.T) {
	runReadCases(t, []readCase{
		{"ping", nil, "redis-cli ping", allow, "D1.read-only"},
		{"ping on a port", nil, "redis-cli -h localhost -p 6380 PING", allow, "D1.read-only"},
		{"dbsize", nil, "redis-cli -n 1 DBSIZE", allow, "D1.read-only"},
		{"info section", nil, "redis-cli info memory", allow, "D1.read-only"},
		{"get", nil, "redis-cli get session:42", dfr, "C.database"},
		{"remote ping", nil, "redis-cli -h cache.example.com ping", dfr, "C1.network-request"},
		{"flushall", nil, "redis-cli flushall", ask, "B1.delete-records"},
		{"eval named ping", nil, "redis-cli --eval ping", dfr, "U.unknown-option"},
		{"password", nil, "redis-cli -a hunter2 ping", dfr, "U.unknown-option"},
		{"argument from stdin", nil, "redis-cli -x ping", dfr, "U.unknown-option"},
	})
}

// TestLinkerCacheAndCrontab: ldconfig -p prints the linker's cache and
// crontab -l the user's table; rebuilding the cache, writing one elsewhere
// and installing or deleting a table keep their answers.
func TestLinkerCacheAndCrontab(t *testing.T) {
	runReadCases(t, []readCase{
		{"ldconfig print", nil, "ldconfig -p", allow, "D1.read-only"},
		{"ldconfig print long", nil, "ldconfig --print-cache", allow, "D1.read-only"},
		{"ldconfig piped", nil, "ldconfig -p | grep ssl", allow, "D1.read-only"},
		{"crontab list", nil, "crontab -l", allow, "D1.read-only"},
		{"ldconfig rebuild", nil, "ldconfig", ask, "B5.system-config"},
		{"ldconfig other cache", nil, "ldconfig -p -C /tmp/ld.so.cache", ask, "B5.system-config"},
		{"ldconfig folder", nil, "ldconfig /usr/local/lib", ask, "B5.system-config"},
		{"crontab install", nil, "crontab jobs.txt", ask, "B5.persistence"},
		{"crontab remove", nil, "crontab -r", ask, "B1.delete"},
		{"crontab edit", nil, "crontab -e", deny, "H8.interactive"},
	})
}
