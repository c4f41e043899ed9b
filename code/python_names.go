package code

import (
	"slices"
	"strings"

	"github.com/arbitergate/arbiter/internal/lazy"
)

// pyNames holds the tables that decide what Python code may call. Names
// are qualified the way an import binds them ("os.path.join"); bare
// builtins are "builtins.NAME". A module written "json.*" is pure as a
// whole.
type pyNames struct {
	pure    map[string]bool     // callable and usable as values
	data    map[string]bool     // attributes that are plain data
	methods map[string]bool     // methods that only compute, on any value
	effects map[string][]effect // by first component: prefixes with a known effect, first match wins
	// loadMethods are, by method name, the modules whose values' method
	// of that name loads code (see pyLoadMethods).
	loadMethods map[string][]string
	// loadArgs are, by function, the argument that makes it load code
	// (see pyLoadArgs).
	loadArgs map[string]argRole
}

// effect maps a qualified-name prefix to what calling it does.
type effect struct {
	prefix string
	kind   string // spawn, network, delete, native, dynamic, write, env
}

var pythonNames = lazy.New(func() *pyNames {
	builtins, names := strings.Fields(pyPureBuiltins), strings.Fields(pyPureNames)
	n := &pyNames{pure: make(map[string]bool, len(builtins)+len(names)), data: toSet(pyDataNames), methods: toSet(pyMethodNames), effects: make(map[string][]effect, 64)}
	for _, b := range builtins {
		n.pure["builtins."+b] = true
	}
	for _, q := range names {
		n.pure[q] = true
	}
	for _, line := range strings.Split(strings.TrimSpace(pyEffectTable), "\n") {
		kind, prefixes, _ := strings.Cut(line, ":")
		for _, p := range strings.Fields(prefixes) {
			n.addEffect(p, strings.TrimSpace(kind))
		}
	}
	n.loadMethods = map[string][]string{}
	for _, mm := range strings.Fields(pyLoadMethods) {
		i := strings.LastIndexByte(mm, '.')
		n.loadMethods[mm[i+1:]] = append(n.loadMethods[mm[i+1:]], mm[:i])
	}
	n.loadArgs = map[string]argRole{}
	for _, fa := range strings.Fields(pyLoadArgs) {
		f, a, _ := strings.Cut(fa, ":")
		// The table is built in; TestPyLoadTables keeps every entry parsing.
		if r, err := parseArgRoles([]string{a + "=loads"}); err == nil {
			n.loadArgs[f] = r[0]
		}
	}
	return n
})

// loadMethod names the module, among those the code imports, whose
// values' method name loads code; "" when none.
func (n *pyNames) loadMethod(name string, imported []string) string {
	for _, m := range n.loadMethods[name] {
		if m == "*" || slices.Contains(imported, m) {
			return m
		}
	}
	return ""
}

// isPure reports whether calling the qualified name only computes.
func (n *pyNames) isPure(q string) bool {
	if n.pure[q] {
		return true
	}
	if reachesModule(q) || n.effectOf(q) != "" || entryPoint(q) {
		return false
	}
	for m := q; ; {
		i := strings.LastIndexByte(m, '.')
		if i < 0 {
			return false
		}
		m = m[:i]
		if n.pure[m+".*"] {
			return true
		}
	}
}

// entryPoint reports a module's command-line entry point (json.tool.main,
// base64.main, calendar.main, uuid.main): it reads sys.argv, so file
// names given on the command line are read or written, which a whole
// module's listing does not vouch for.
func entryPoint(q string) bool {
	last := q[strings.LastIndexByte(q, '.')+1:]
	return last == "main" || last == "test"
}

// reachesModule reports whether a name reaches, through the attributes
// of a module on the list, a module that is not (os.path.os.system,
// uuid.os, random._os): modules hold the modules they import.
func reachesModule(q string) bool {
	parts := strings.Split(q, ".")
	for _, part := range parts[1:] {
		if strings.HasPrefix(part, "_") && !safeDunder(part) || pyModuleAttrs.Get()[part] {
			return true
		}
	}
	return false
}

var pyModuleAttrs = lazy.New(func() map[string]bool {
	return toSet("os sys subprocess shutil socket ctypes builtins importlib io codecs pathlib tempfile glob signal threading multiprocessing pickle marshal runpy types inspect gc urllib http ftplib smtplib asyncio select pty fcntl posix nt logging zipfile tarfile sqlite3 webbrowser code codeop")
})

func (n *pyNames) addEffect(prefix, kind string) {
	first := strings.SplitN(strings.TrimSuffix(strings.TrimSuffix(prefix, "()"), "."), ".", 2)[0]
	n.effects[first] = append(n.effects[first], effect{prefix, kind})
}

// effectOf returns the effect of calling or using q, or "". A prefix
// ending in "()" is that name alone, not its members (webpack() compiles;
// webpack.DefinePlugin only makes a value).
func (n *pyNames) effectOf(q string) string {
	first, _, _ := strings.Cut(q, ".")
	for _, e := range n.effects[first] {
		if exact, ok := strings.CutSuffix(e.prefix, "()"); ok {
			if q == exact {
				return e.kind
			}
			continue
		}
		if q == e.prefix || q+"." == e.prefix || strings.HasSuffix(e.prefix, ".") && strings.HasPrefix(q, e.prefix) || strings.HasPrefix(q, e.prefix+".") {
			return e.kind
		}
	}
	return ""
}

// dataPrefix reports whether some prefix of q (q included) is plain data,
// so that what follows is an attribute or method of a value.
func (n *pyNames) dataPrefix(q string) bool {
	for m := q; ; {
		if n.data[m] {
			return true
		}
		i := strings.LastIndexByte(m, '.')
		if i < 0 {
			return false
		}
		m = m[:i]
	}
}

// versionAttr reports whether an attribute of any module is a version or
// name that a check may read.
func versionAttr(name string) bool {
	switch name {
	case "__version__", "version", "VERSION", "__version_info__", "version_info", "VERSION_INFO", "__file__", "__name__", "__path__", "__doc__", "__all__", "__author__", "__license__":
		return true
	}
	return false
}

// safeDunder reports whether a __special__ attribute is harmless to read;
// the rest (__class__, __globals__, __subclasses__, __builtins__, …) are how
// code reaches names it did not import.
func safeDunder(name string) bool {
	switch name {
	case "__version__", "__name__", "__file__", "__doc__", "__annotations__", "__all__", "__path__", "__module__", "__qualname__",
		"__init__", "__repr__", "__str__", "__len__", "__eq__", "__hash__", "__main__", "__author__", "__license__", "__version_info__",
		"__enter__", "__exit__", "__iter__", "__next__", "__contains__", "__getitem__", "__lt__", "__le__", "__gt__", "__ge__", "__ne__",
		"__add__", "__sub__", "__mul__", "__bool__", "__slots__", "__dataclass_fields__", "__post_init__", "__new__", "__call__", "__del__", "__format__":
		return true
	}
	return false
}

// pyExceptionName reports whether a builtin name is an exception class.
func pyExceptionName(name string) bool {
	return strings.HasSuffix(name, "Error") || strings.HasSuffix(name, "Exception") || strings.HasSuffix(name, "Warning") || name == "KeyboardInterrupt" || name == "SystemExit" || name == "StopIteration" || name == "StopAsyncIteration" || name == "GeneratorExit"
}

// pyBuiltin reports whether a bare name is one of Python's builtins.
func pyBuiltin(name string) bool {
	return pythonNames.Get().pure["builtins."+name] || pyImpureBuiltins.Get()[name] || pyExceptionName(name) && name[0] >= 'A' && name[0] <= 'Z'
}

var pyImpureBuiltins = lazy.New(func() map[string]bool {
	return toSet("eval exec compile __import__ getattr setattr delattr globals locals vars open input breakpoint help memoryview __build_class__ __loader__ __spec__ __builtins__ copyright credits license")
})

const pyPureBuiltins = `print len str int float bool list dict set tuple frozenset range enumerate zip map filter sorted
reversed min max sum abs round any all isinstance issubclass type repr hash id hex oct bin chr ord format divmod pow
iter next slice bytes bytearray complex callable hasattr super object property staticmethod classmethod dir ascii
exit quit aiter anext NotImplemented Ellipsis`

// Whole modules (json.*) are listed only when none of their functions
// evaluates text, imports, or reads a file it is given the name of:
// typing.get_type_hints evaluates annotation strings, traceback reads any
// file line by line for a summary, importlib.util.find_spec imports the
// parent packages, operator.methodcaller calls a method named by a string.
const pyPureNames = `
json.* math.* cmath.* statistics.* re.* string.* textwrap.* itertools.* functools.* collections.* heapq.* bisect.*
operator.itemgetter operator.add operator.sub operator.mul operator.truediv operator.floordiv operator.mod operator.neg operator.not_
operator.eq operator.ne operator.lt operator.le operator.gt operator.ge operator.and_ operator.or_ operator.xor operator.contains operator.getitem operator.concat operator.index
decimal.* fractions.* numbers.* random.* copy.* pprint.* enum.* abc.* keyword.*
dataclasses.dataclass dataclasses.field dataclasses.fields dataclasses.asdict dataclasses.astuple dataclasses.replace dataclasses.is_dataclass
typing.Any typing.Optional typing.Union typing.List typing.Dict typing.Set typing.Tuple typing.Callable typing.Iterable typing.Iterator
typing.Sequence typing.Mapping typing.TypeVar typing.Generic typing.Protocol typing.NamedTuple typing.TypedDict typing.Literal typing.Final
typing.cast typing.overload typing.TYPE_CHECKING typing.get_origin typing.get_args
typing.Annotated typing.ClassVar typing.Type typing.DefaultDict typing.FrozenSet typing.Deque typing.Counter typing.OrderedDict typing.ChainMap
typing.AnyStr typing.NoReturn typing.Never typing.Self typing.ParamSpec typing.Concatenate typing.TypeAlias typing.TypeGuard typing.Awaitable
typing.Coroutine typing.AsyncIterator typing.AsyncIterable typing.Generator typing.Hashable typing.Sized typing.Container typing.Collection
typing.Reversible typing.MutableMapping typing.MutableSequence typing.MutableSet typing.AbstractSet typing.Pattern typing.Match typing.IO
typing.TextIO typing.BinaryIO typing.SupportsInt typing.SupportsFloat typing.SupportsIndex typing.runtime_checkable typing.final
typing.no_type_check typing.NewType typing.is_typeddict typing.assert_never typing.Required typing.NotRequired typing.LiteralString
typing.Unpack typing.TypeVarTuple dataclasses.MISSING dataclasses.KW_ONLY dataclasses.InitVar dataclasses.FrozenInstanceError
pkg_resources.parse_version types.GenericAlias types.NoneType types.UnionType types.EllipsisType types.NotImplementedType
unicodedata.* difflib.* base64.* binascii.* hashlib.* hmac.* struct.* datetime.* calendar.* colorsys.* fnmatch.* ipaddress.*
uuid.* zoneinfo.* graphlib.* reprlib.* string.* html.escape html.unescape shlex.split shlex.quote shlex.join
urllib.parse.* zlib.compress zlib.decompress zlib.crc32 zlib.adler32 array.array io.StringIO io.BytesIO
csv.reader csv.writer csv.DictReader csv.DictWriter csv.Sniffer csv.field_size_limit
ast.parse ast.literal_eval ast.dump ast.walk ast.unparse ast.iter_child_nodes ast.get_docstring
time.time time.time_ns time.perf_counter time.perf_counter_ns time.monotonic time.monotonic_ns time.process_time time.sleep
time.strftime time.strptime time.gmtime time.localtime time.mktime time.ctime time.asctime
sys.exit sys.getsizeof sys.getrecursionlimit sys.getdefaultencoding sys.getfilesystemencoding sys.intern sys.getrefcount
sys.stdout.write sys.stderr.write sys.stdout.flush sys.stderr.flush sys.stdin.read sys.stdin.readline sys.stdin.readlines sys.stdin.isatty sys.stdout.isatty
os.getcwd os.getcwdb os.getpid os.getppid os.cpu_count os.listdir os.scandir os.walk os.stat os.lstat os.fspath os.fsencode os.fsdecode
os.get_terminal_size os.uname os.access os.path.* os.getuid os.geteuid os.getgid os.getlogin os.isatty os.strerror os.get_exec_path
glob.glob glob.iglob glob.escape pathlib.Path pathlib.PurePath pathlib.PosixPath pathlib.PurePosixPath pathlib.PureWindowsPath pathlib.Path.cwd
platform.system platform.python_version platform.python_version_tuple platform.machine platform.release platform.version
platform.platform platform.architecture platform.python_implementation platform.node platform.uname platform.mac_ver platform.libc_ver platform.freedesktop_os_release platform.python_compiler
locale.getpreferredencoding locale.getlocale locale.getencoding sysconfig.* site.getsitepackages site.getusersitepackages
importlib.metadata.version importlib.metadata.metadata importlib.metadata.distribution importlib.metadata.packages_distributions
importlib.metadata.distributions importlib.metadata.requires importlib.metadata.files
pkg_resources.get_distribution pkg_resources.require
traceback.print_exc traceback.format_exc contextlib.suppress contextlib.contextmanager contextlib.nullcontext contextlib.redirect_stdout contextlib.redirect_stderr types.SimpleNamespace types.MappingProxyType warnings.warn warnings.filterwarnings warnings.simplefilter
tomllib.load tomllib.loads xml.etree.ElementTree.fromstring xml.etree.ElementTree.tostring xml.dom.minidom.parseString
shutil.which shutil.disk_usage shutil.get_terminal_size
secrets.token_hex secrets.token_bytes secrets.token_urlsafe secrets.choice secrets.randbelow inspect.signature inspect.getdoc inspect.isclass inspect.isfunction
inspect.getsource inspect.getsourcefile inspect.getsourcelines inspect.getfile inspect.getmodule inspect.ismodule inspect.ismethod inspect.isroutine inspect.isbuiltin inspect.cleandoc
gc.collect gc.disable gc.enable gc.isenabled gc.get_count gc.get_threshold gc.set_threshold tempfile.gettempdir tempfile.gettempprefix
weakref.ref weakref.proxy weakref.getweakrefcount weakref.WeakKeyDictionary weakref.WeakValueDictionary weakref.WeakSet
`

const pyDataNames = `sys.version sys.version_info sys.path sys.argv sys.platform sys.executable sys.prefix sys.base_prefix sys.exec_prefix
sys.maxsize sys.maxunicode sys.byteorder sys.implementation sys.flags sys.float_info sys.int_info sys.stdout sys.stderr sys.stdin sys.hexversion
sys.float_repr_style sys.api_version sys.builtin_module_names sys.stdlib_module_names sys.copyright sys.dont_write_bytecode
os.sep os.linesep os.name os.pathsep os.curdir os.pardir os.extsep os.devnull os.altsep
builtins.str builtins.int builtins.float builtins.bytes builtins.dict builtins.list builtins.set builtins.tuple builtins.frozenset builtins.bool builtins.complex`

const pyMethodNames = `capitalize casefold center count decode encode endswith expandtabs find format format_map index isalnum isalpha isascii
isdecimal isdigit isidentifier islower isnumeric isprintable isspace istitle isupper join ljust lower lstrip partition removeprefix
removesuffix rfind rindex rjust rpartition rsplit rstrip split splitlines startswith strip swapcase title translate upper zfill maketrans
append extend insert pop remove clear copy sort reverse get items keys values update setdefault popitem fromkeys
add discard union intersection difference symmetric_difference issubset issuperset isdisjoint difference_update intersection_update
read readline readlines write writelines close flush seek tell fileno isatty readable writable seekable getvalue
hex fromhex to_bytes from_bytes bit_length bit_count as_integer_ratio is_integer conjugate
group groups groupdict span start end match search findall finditer sub subn fullmatch
strftime isoformat date time timestamp utcnow today fromisoformat strptime astimezone weekday isoweekday isocalendar total_seconds timetuple fromtimestamp now combine
exists is_file is_dir is_symlink is_absolute iterdir glob rglob resolve absolute samefile expanduser with_name with_suffix with_stem
joinpath relative_to is_relative_to as_posix as_uri parts parent parents name suffix suffixes stem anchor
most_common elements subtract hexdigest digest writerow writerows writeheader
tolist item dumps loads`

// pyLoadMethods lists, as MODULE.METHOD, methods of the values a module
// makes (a test loader, a Celery application) that load code by a name or
// from a folder: they count in code that imports MODULE, as the value's
// type is not followed.
//
// A MODULE of * counts in any code: names no other library's method has,
// called on a value a project module made (a Celery application defined
// in proj/celery.py, a Flask application's config).
const pyLoadMethods = `unittest.discover *.loadTestsFromName *.loadTestsFromNames
*.autodiscover_tasks *.worker_main *.config_from_object *.config_from_envvar *.from_pyfile *.from_envvar`

// pyLoadArgs lists, as FUNCTION:WHERE, functions that load code when the
// argument at WHERE (POSITION/KEYWORD) is given as anything but a plain
// name or "__main__": unittest.main discovers test files when its module
// is None, and imports it when it is a string; by default it runs the
// script's own tests.
const pyLoadArgs = `unittest.main:0/module unittest.TestProgram:0/module`

// pyEffectTable lists, per effect, the prefixes whose call (or, for env,
// whose use) has it. A prefix ending in "." covers a whole module. The
// loads lines come first, so that they win over a whole module's kind
// (logging. writes; logging.config.fileConfig loads the classes its file
// names and evaluates its arguments): each is a framework's entry point
// or a loader that runs code a file or a name decides, which arbiter does
// not read (a test runner's discovery, a task runner's tasks file, a
// documentation build's conf.py, a .pth file, a plugin's entry point, a
// pickle).
const pyEffectTable = `
loads: django.setup django.core.management.execute_from_command_line django.core.management.call_command django.core.management.ManagementUtility django.core.wsgi.get_wsgi_application django.core.asgi.get_asgi_application django.test.utils.get_runner pytest.main uvicorn.run uvicorn.main alembic.command. alembic.config.main
loads: unittest.defaultTestLoader.discover unittest.defaultTestLoader.loadTestsFromName unittest.defaultTestLoader.loadTestsFromNames doctest.testfile doctest.DocFileSuite doctest.DocFileTest site.addsitedir site.addpackage site.main pkgutil.walk_packages pkgutil.resolve_name logging.config.fileConfig setuptools.sandbox.
loads: nose.main nose.run nose.core. nose2.main nose2.discover celery.bin. celery.__main__. scrapy.cmdline. scrapy.utils.project.get_project_settings sphinx.cmd.build. sphinx.cmd.make_mode. sphinx.application.Sphinx flask.cli.FlaskGroup flask.cli.main flask.cli.ScriptInfo flask.cli.locate_app
loads: invoke.Program invoke.program.Program invoke.main. invoke.loader. fabric.main. nox.main nox.__main__. tox.run. tox.session. tox.cmdline doit.run doit.doit_cmd. doit.cmd_base.DodoTaskLoader luigi.run luigi.cmdline. luigi.interface.run
loads: hydra.main hydra.utils.instantiate hydra.utils.call hydra.utils.get_method hydra.utils.get_class hydra.utils.get_object streamlit.web. gunicorn.app.wsgiapp. hypercorn.run. hypercorn.__main__.
loads: pkg_resources.iter_entry_points pkg_resources.load_entry_point pkg_resources.EntryPoint stevedore. joblib.load cloudpickle. jsonpickle.decode pandas.read_pickle yaml.unsafe_load yaml.unsafe_load_all
spawn: subprocess. os.system os.popen os.execl os.execle os.execlp os.execlpe os.execv os.execve os.execvp os.execvpe os.spawnl os.spawnle os.spawnlp os.spawnlpe os.spawnv os.spawnve os.spawnvp os.spawnvpe os.posix_spawn os.posix_spawnp os.fork os.forkpty os.startfile os.kill os.killpg pty. multiprocessing. concurrent.futures.ProcessPoolExecutor asyncio.create_subprocess_exec asyncio.create_subprocess_shell commands. platform.popen webbrowser. pexpect. sh. plumbum.
network: socket. urllib.request. urllib.urlopen urllib2. http.client. http.server. socketserver. requests. httpx. aiohttp. ftplib. smtplib. poplib. imaplib. telnetlib. xmlrpc. asyncio.open_connection asyncio.start_server asyncio.start_unix_server ssl. paramiko. websocket. websockets. urllib3. pycurl. wsgiref.simple_server. smtpd.
delete: os.remove os.unlink os.rmdir os.removedirs shutil.rmtree os.truncate
native: ctypes. _ctypes. cffi. os.add_dll_directory
dynamic: operator.methodcaller operator.attrgetter builtins.eval builtins.exec builtins.compile builtins.__import__ builtins.globals builtins.locals builtins.vars builtins.breakpoint builtins.setattr builtins.delattr builtins.getattr importlib. runpy. code. codeop. pickle. cPickle. marshal. dill. shelve. types.FunctionType types.CodeType types.ModuleType sys._getframe sys.modules sys.settrace sys.setprofile sys.addaudithook inspect.currentframe inspect.stack timeit. cProfile. profile. pdb. trace. builtins.help builtins.input
write: shutil. os.rename os.renames os.replace os.mkdir os.makedirs os.chmod os.lchmod os.chown os.lchown os.symlink os.link os.utime os.write os.mkfifo os.mknod os.open tempfile. zipfile. tarfile. logging. sqlite3. dbm.
env: os.environ os.environb os.putenv os.unsetenv
`
