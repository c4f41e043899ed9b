package code

import (
	"strings"

	"github.com/arbitergate/arbiter/internal/lazy"
)

// jsNames holds what JavaScript code may call, qualified by global or by
// module ("fs.readFileSync" for require('fs').readFileSync), in the same
// shape as the Python tables.
var jsNames = lazy.New(func() *pyNames {
	n := &pyNames{pure: toSet(jsPureNames), data: toSet(jsDataNames), methods: toSet(jsMethodNames), effects: map[string][]effect{}}
	for _, line := range strings.Split(strings.TrimSpace(jsEffectTable), "\n") {
		kind, prefixes, _ := strings.Cut(line, ":")
		for _, p := range strings.Fields(prefixes) {
			n.addEffect(p, strings.TrimSpace(kind))
		}
	}
	return n
})

// jsGlobal reports whether a bare name is a global the tables know.
func jsGlobal(name string) bool {
	n := jsNames.Get()
	return jsRoots.Get()[name] || n.pure[name] || n.pure[name+".*"] || n.data[name] || n.effectOf(name) != "" || jsImpureGlobals.Get()[name] || strings.HasSuffix(name, "Error")
}

// jsRoots holds the first component of every name in the tables.
var jsRoots = lazy.New(func() map[string]bool {
	m := map[string]bool{}
	for _, list := range []string{jsPureNames, jsDataNames} {
		for _, q := range strings.Fields(list) {
			m[strings.SplitN(q, ".", 2)[0]] = true
		}
	}
	return m
})

// jsModules are node's builtin modules, which node -e and -p also expose
// as globals.
var jsModules = lazy.New(func() map[string]bool {
	return toSet("assert buffer child_process cluster crypto dgram dns events fs http http2 https inspector module net os path perf_hooks punycode querystring readline repl stream string_decoder timers tls trace_events tty url util v8 vm wasi worker_threads zlib")
})

var jsImpureGlobals = lazy.New(func() map[string]bool {
	return toSet("globalThis global window self module exports require process Reflect Proxy eval Function WebAssembly Deno Bun __dirname __filename")
})

const jsPureNames = `console.log console.info console.warn console.error console.debug console.dir console.table console.trace console.assert
console.group console.groupEnd console.time console.timeEnd console.count JSON.* Math.* Number Number.* parseInt parseFloat isNaN isFinite
String String.* Array Array.* Object.keys Object.values Object.entries Object.fromEntries Object.assign Object.freeze Object.isFrozen
Object.getOwnPropertyNames Object.hasOwn Object.is Boolean Date Date.* RegExp Map Set WeakMap WeakSet Symbol Symbol.* BigInt Promise Promise.*
Error encodeURIComponent decodeURIComponent encodeURI decodeURI structuredClone TextEncoder TextDecoder URL URLSearchParams Intl.*
Buffer.from Buffer.alloc Buffer.isBuffer Buffer.byteLength Buffer.concat Buffer.compare atob btoa setTimeout setInterval clearTimeout clearInterval
setImmediate queueMicrotask Uint8Array Int8Array Uint16Array Int16Array Uint32Array Int32Array Float32Array Float64Array BigInt64Array BigUint64Array
ArrayBuffer DataView performance.now crypto.randomUUID crypto.getRandomValues
process.cwd process.uptime process.memoryUsage process.hrtime process.hrtime.bigint process.exit process.stdout.write process.stderr.write process.nextTick
process.emitWarning process.cpuUsage
path.* util.inspect util.format util.isDeepStrictEqual util.types.* util.promisify util.inherits url.* querystring.* assert assert.* string_decoder.*
os.platform os.arch os.type os.release os.cpus os.totalmem os.freemem os.endianness os.hostname os.tmpdir os.uptime os.loadavg os.version os.machine os.availableParallelism
crypto.createHash crypto.createHmac crypto.randomBytes crypto.timingSafeEqual crypto.randomInt events.EventEmitter buffer.Buffer
zlib.gzipSync zlib.gunzipSync zlib.deflateSync zlib.inflateSync zlib.brotliCompressSync zlib.brotliDecompressSync
fs.existsSync fs.statSync fs.lstatSync fs.readdirSync fs.accessSync fs.realpathSync perf_hooks.performance.now
`

const jsDataNames = `process.version process.versions process.platform process.arch process.argv process.argv0 process.pid process.ppid process.execPath
process.release process.features process.exitCode process.stdout process.stderr process.stdin process.title
Math Number JSON Infinity NaN undefined os.EOL path.sep path.delimiter fs.constants`

const jsMethodNames = `toString toFixed toPrecision toExponential valueOf split join map filter reduce reduceRight forEach some every find findIndex findLast findLastIndex
indexOf lastIndexOf includes slice splice concat push pop shift unshift sort reverse flat flatMap fill keys values entries at trim trimStart trimEnd
padStart padEnd startsWith endsWith toUpperCase toLowerCase toLocaleString toLocaleUpperCase toLocaleLowerCase localeCompare replace replaceAll match matchAll search test exec
charAt charCodeAt codePointAt normalize repeat substring substr get set has add delete clear then catch finally getTime toISOString toJSON
getFullYear getMonth getDate getDay getHours getMinutes getSeconds getMilliseconds getTimezoneOffset toDateString toLocaleDateString
toLocaleTimeString toUTCString getUTCFullYear getUTCMonth getUTCDate getUTCHours digest update write hasOwnProperty call apply bind
toSorted toReversed with copyWithin isInteger isArray readUInt8 readUInt16LE readUInt32LE readInt32LE subarray equals compare pipe`

// jsEffectTable lists, per effect, the prefixes whose call or use has it.
// The loads line holds tools' programmatic entry points and config
// loaders, which run code a configuration file or a name decides (jest's
// and vitest's configuration and test files, vite.config, ESLint's
// plugins, mocha's files, webpack's loaders), code arbiter does not read.
const jsEffectTable = `
loads: jest.runCLI jest.run @jest/core.runCLI jest-cli.run vitest/node. vite.build vite.createServer vite.preview vite.resolveConfig vite.loadConfigFromFile vite.createBuilder eslint.ESLint eslint.loadESLint eslint.CLIEngine eslint/use-at-your-own-risk.FlatESLint eslint/use-at-your-own-risk.LegacyESLint mocha() webpack() webpack-cli. rollup/loadConfigFile. cosmiconfig.cosmiconfig cosmiconfig.cosmiconfigSync lilconfig.lilconfig lilconfig.lilconfigSync jiti require-from-string import-fresh c12.loadConfig unconfig.loadConfig karma.Server karma.config.parseConfig
spawn: child_process cluster process.kill
network: http https http2 net dgram tls dns fetch XMLHttpRequest WebSocket EventSource undici axios node-fetch got request ws
delete: fs.rmSync fs.unlinkSync fs.rmdirSync fs.rm fs.unlink fs.rmdir fs.promises.rm fs.promises.unlink fs.promises.rmdir
native: process.dlopen process.binding process._linkedBinding ffi-napi ffi node-ffi
dynamic: eval Function vm module worker_threads inspector Reflect Proxy globalThis global require process.mainModule process.env.__proto__ repl v8.deserialize
write: fs
env: process.env
`
