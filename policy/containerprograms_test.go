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

// TestBinaryInspectors: objdump and readelf print what a binary holds;
// the options that read other files the binary names (its sources, its
// separate debug files) and nm's plugin keep their answers.
func TestBinaryInspectors(t *testing.T) {
	runReadCases(t, []readCase{
		{"readelf dynamic symbols", nil, "readelf --dyn-syms -W build/lib.so", allow, "D1.read-only"},
		{"readelf hex dump", nil, "readelf -x .rodata build/app", allow, "D1.read-only"},
		{"readelf segments", nil, "readelf --segments --notes build/app", allow, "D1.read-only"},
		{"objdump intel", nil, "objdump -d -M intel --no-show-raw-insn build/app", allow, "D1.read-only"},
		{"objdump source", nil, "objdump -S build/app", dfr, "U.unknown-option"},
		{"objdump include", nil, "objdump -d --include=/root build/app", dfr, "U.unknown-option"},
		{"readelf follow links", nil, "readelf --debug-dump=follow-links build/app", dfr, "U.unknown-option"},
		{"nm plugin", nil, "nm --plugin ./evil.so build/app", dfr, "U.unknown-option"},
		{"readelf of a key", nil, "readelf -a ~/.ssh/id_rsa", deny, "A6.credential-read"},
	})
}

// TestStatusProbes: pg_isready asks a local server whether it answers and
// lsb_release prints the distribution; a remote host, a connection string,
// and code after an interpreter's version word keep their answers.
func TestStatusProbes(t *testing.T) {
	runReadCases(t, []readCase{
		{"pg_isready", nil, "pg_isready", allow, "D1.read-only"},
		{"pg_isready local", nil, "pg_isready -h 127.0.0.1 -p 5432 -t 3", allow, "D1.read-only"},
		{"lsb_release", nil, "lsb_release -a", allow, "D1.read-only"},
		{"pg_isready remote", nil, "pg_isready -h db.example.com", dfr, "C1.network-request"},
		{"pg_isready connection string", nil, "pg_isready -d 'host=db.example.com'", dfr, "U.unknown-option"},
		// A version word with code after it: ruby -v prints its version and
		// runs the code, so the code is read as any is.
		{"perl version then code", nil, "perl -v -e 'system(\"id\")'", dfr, ""},
		{"ruby version then code", nil, "ruby -v -e 'system(\"id\")'", dfr, ""},
		{"php version then code", nil, "php -v -r 'system(\"id\");'", dfr, ""},
		{"julia version then code", nil, "julia -v -e 'run(`id`)'", dfr, ""},
		{"node version then code", nil, "node -v -e 'require(\"child_process\").execSync(\"id\")'", dfr, ""},
		{"php code", nil, "php -r 'system(\"id\");'", dfr, "U.no-tokenizer"},
	})
}

// TestDiscardedLocalResponses: a request to a local service whose body is
// sent to /dev/null saves nothing (curl -o /dev/null -w '%{http_code}'); a
// real file, a method that changes data and a remote host keep their
// answers.
func TestDiscardedLocalResponses(t *testing.T) {
	runReadCases(t, []readCase{
		{"curl status code", nil, "curl -s -o /dev/null -w '%{http_code}' http://localhost:8080/health", allow, "D4.local-service"},
		{"wget to null", nil, "wget -q -O /dev/null http://127.0.0.1:3000/", allow, "D4.local-service"},
		{"curl long output", nil, "curl --output /dev/null -sS http://localhost:5000/", allow, "D4.local-service"},
		{"curl saves a file", nil, "curl -o page.html http://localhost:8080/", dfr, "C1.network-request"},
		{"curl delete", nil, "curl -o /dev/null -X DELETE http://localhost:8080/items/1", dfr, "C1.network-request"},
		{"curl remote", nil, "curl -o /dev/null https://example.com/", dfr, "C1.network-request"},
		{"curl into bashrc", nil, "curl -o ~/.bashrc http://localhost:8080/", ask, "B5.persistence"},
	})
}

// TestWrittenOutputsRun: xxd writes the bytes it decodes into the file
// named second, and zip and ar write the archive named; running that file
// in the same command runs what the command does not show.
func TestWrittenOutputsRun(t *testing.T) {
	runReadCases(t, []readCase{
		{"xxd reverse to a file", nil, "xxd -r -p build/data.hex build/data.bin", allow, "D2.write-project"},
		{"xxd include file", nil, "xxd -i build/font.bin build/font.h", allow, "D2.write-project"},
		{"xxd dump to a file", nil, "xxd build/app build/app.hex", allow, "D2.write-project"},
		{"xxd decoded script run", nil, "xxd -r -p build/x.hex build/x.sh && sh build/x.sh", deny, "A7.decoded-execution"},
		{"xxd decoded binary run", nil, "xxd -r -p build/x.hex build/x && chmod +x build/x && ./build/x", deny, "A7.decoded-execution"},
		{"xxd into bashrc", nil, "xxd -r -p build/x.hex ~/.bashrc", ask, "B5.persistence"},
		{"zip output run", nil, "zip -0 build/x.sh build/payload; sh build/x.sh", dfr, "U.dynamic-code"},
		{"ar output run", nil, "ar rc build/x.sh build/p.o && bash build/x.sh", dfr, "U.dynamic-code"},
	})
}
