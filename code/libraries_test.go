package code

import (
	"slices"
	"strings"
	"testing"
)

// TestLibraryTable: the built-in table parses, and covers each library
// family it promises.
func TestLibraryTable(t *testing.T) {
	tables, err := parseLibraries(libraryTable)
	if err != nil {
		t.Fatal(err)
	}
	py := tables["python"]
	if py == nil {
		t.Fatal("no [python] section")
	}
	for _, q := range []string{"pandas.read_csv", "numpy.load", "openpyxl.load_workbook", "sqlite3.connect", "matplotlib.pyplot.savefig", "PIL.Image.open", "shutil.copy"} {
		if py.call(q) == nil {
			t.Errorf("%s: no entry", q)
		}
	}
	for _, m := range []string{"pandas", "numpy", "openpyxl", "sqlite3", "matplotlib", "PIL"} {
		if len(py.methods[m]) == 0 {
			t.Errorf("%s: no methods", m)
		}
	}
}

// TestLibraryTableErrors: a malformed line is an error naming its line.
func TestLibraryTableErrors(t *testing.T) {
	for _, text := range []string{
		"pure numpy: array",                       // before any section
		"[python]\npure numpy array",              // no colon
		"[python]\ncall pandas.read_csv",          // no argument
		"[python]\ncall pandas.read_csv 0=open",   // unknown role
		"[python]\ncall pandas.read_csv x/y=read", // not a position
		"[python]\nfetch x",                       // unknown directive
		"[python]\n[python]",                      // a section again
		"\tpure x: y",                             // a continuation first
	} {
		if _, err := parseLibraries(text); err == nil || !strings.Contains(err.Error(), "line ") {
			t.Errorf("%q: error %v, want one naming the line", text, err)
		}
	}
}

// TestLibraryCalls: library calls are judged by their arguments: routine
// variants per family, and the harmful neighbours of each.
func TestLibraryCalls(t *testing.T) {
	tests := []libraryCase{
		// pandas
		{"import pandas as pd\ndf = pd.read_csv('data/sales.csv')\nprint(df.describe())\n", true, "", []string{"data/sales.csv"}, nil},
		{"import pandas as pd\ndf = pd.read_excel('in.xlsx', sheet_name=0)\ndf.groupby('a')['b'].sum().to_csv('out/sum.csv', index=False)", true, "", []string{"in.xlsx"}, []string{"out/sum.csv"}},
		{"import pandas as pd\np = 'data/x.parquet'\nprint(pd.read_parquet(p).head(3).to_string())", true, "", []string{"data/x.parquet"}, nil},
		{"import pandas as pd\nprint(pd.DataFrame({'a': [1]}).to_csv())", true, "", nil, nil},
		{"import pandas as pd, os\npd.read_csv('a.csv').to_csv(os.path.expanduser('~/.bashrc'))", true, "", []string{"a.csv"}, []string{"~/.bashrc"}},
		{"import pandas as pd\nprint(pd.read_csv('https://x.example/a.csv'))", false, "network", nil, nil},
		{"import pandas as pd, sys\npd.read_csv(sys.argv[1])", false, "computed", nil, nil},
		{"import pandas as pd\npd.read_csv(*args)", false, "unpacked", nil, nil},
		{"import pandas as pd\npd.read_pickle('x.pkl')", false, "read_pickle", nil, nil},
		{"import pandas as pd\ndf = pd.read_csv('a.csv')\ndf.query('a > 1')", false, "query", nil, nil},
		{"import pandas as pd\npd.read_csv('a.csv', converters={'a': eval})", false, "eval", nil, nil},
		{"import pandas as pd\ndf = pd.read_csv('a.csv')\nprint(df.groupby('k').agg({'v': 'sum', 'w': ['mean', 'max']}), df.apply(lambda r: r['v'] * 2, axis=1))", true, "", []string{"a.csv"}, nil},
		{"import pandas as pd\ndf = pd.read_csv('a.csv')\ndf.agg('to_csv', 0, '/home/u/.bashrc')", false, "names a method", nil, nil},
		{"import pandas as pd\ndf = pd.read_csv('a.csv')\ndf.agg('sum', 0, 1)", false, "more than two", nil, nil},
		{"import pandas as pd\npd.read_csv('a.csv').plot(backend='evil')", false, "loads code", nil, nil},
		{"import pandas as pd\npd.set_option('plotting.backend', 'evil')", false, "set_option", nil, nil},
		{"import matplotlib\nmatplotlib.use('module://evil')", false, "module://", nil, nil},
		{"import matplotlib.pyplot as plt\nplt.savefig('a.png', backend='module://evil')", false, "module://", nil, nil},
		// numpy
		{"import numpy as np; print(np.arange(3))", true, "", nil, nil},
		{"import numpy as np\na = np.loadtxt('m.txt')\nnp.save('out.npy', a.reshape(2, -1).mean(axis=0))", true, "", []string{"m.txt"}, []string{"out.npy"}},
		{"import numpy as np\nprint(np.linalg.norm(np.array([3, 4])), np.nan, np.random.default_rng(0).random())", true, "", nil, nil},
		{"import numpy as np\nnp.load('x.npy', allow_pickle=True)", false, "pickled", nil, nil},
		{"import numpy as np\nnp.array([1]).tofile('x')", false, "tofile", nil, nil},
		{"import numpy as np\nnp.ctypeslib.load_library('x', '.')", false, "ctypeslib", nil, nil},
		// numpy's index, shape, set, type-limit and string functions
		// only compute.
		{"import numpy as np\na = np.arange(10).reshape(2, 5)\nprint(np.argwhere(a > 3), np.array_split(np.arange(10), 3), np.pad(a, 1), np.roll(a, 1), np.count_nonzero(a))", true, "", nil, nil},
		{"import numpy as np\nprint(np.finfo(np.float32).eps, np.iinfo(np.int32).max, np.einsum('ij,jk->ik', np.eye(2), np.eye(2)), np.nan_to_num([np.nan]))", true, "", nil, nil},
		{"import numpy as np\nprint(np.bincount([0, 1, 1]), np.convolve([1, 2], [1, 1]), np.triu_indices(3), np.broadcast_to(np.arange(3), (2, 3)), np.char.upper(['a']), np.isin([1], [1, 2]))", true, "", nil, nil},
		{"import numpy as np\nnp.vectorize(os.system)(['rm -rf ~'])", false, "", nil, nil},
		{"import numpy as np\nnp.fromfile('/home/u/.ssh/id_rsa')", false, "fromfile", nil, nil},
		{"import numpy as np\nnp.piecewise(np.arange(3), [True], [print])", false, "piecewise", nil, nil},
		// pandas: a few more methods that only compute.
		{"import pandas as pd\ndf = pd.read_csv('d.csv')\nprint(df.groupby('a').size(), df.memory_usage(deep=True).sum())", true, "", []string{"d.csv"}, nil},
		{"import pandas as pd\ndf = pd.read_csv('d.csv')\nprint(df['s'].str.lower().str.contains('x').sum())", true, "", []string{"d.csv"}, nil},
		{"import pandas as pd\ndf = pd.read_csv('d.csv')\nprint(df.assign(c=df.a * 2).head())", true, "", []string{"d.csv"}, nil},
		{"import pandas as pd\ndf = pd.read_csv('d.csv')\ndf.assign(c=1).to_csv('/home/u/.bashrc')", true, "", []string{"d.csv"}, []string{"/home/u/.bashrc"}},
		{"import pandas as pd\ndf = pd.read_csv('d.csv')\ndf.to_pickle('x.pkl')", false, "to_pickle", nil, nil},
		{"import pandas as pd\ndf = pd.read_csv('d.csv')\ndf.to_sql('t', 'sqlite:///x.db')", false, "to_sql", nil, nil},
		// numpy.ma and numpy.testing: masked arrays and the assertions that
		// only compare; their pickles and the runners stay out.
		{"import numpy as np\na = np.ma.array([1, 2, 3, 4, 5])\nb = np.ma.masked_where(a > 3, a)\nprint(b.mean(), b.filled(0), b.compressed())", true, "", nil, nil},
		{"import numpy as np\nc = np.ma.zeros((2, 3), dtype=int)\nd = np.ma.ones(shape=(2, 3))\ne = np.ma.empty((2, 3))\nprint(np.ma.getmaskarray(c), np.ma.masked_invalid(d))", true, "", nil, nil},
		{"import numpy as np\nfrom numpy.testing import assert_array_equal, assert_allclose\nassert_array_equal(np.arange(3), [0, 1, 2])\nnp.testing.assert_allclose(np.ones(2), 1.0)", true, "", nil, nil},
		{"import numpy as np\nnp.ma.dump(np.ma.array([1]), 'x.pkl')", false, "dump", nil, nil},
		{"import numpy as np\nprint(np.ma.load('x.pkl'))", false, "load", nil, nil},
		{"import numpy as np\nnp.testing.run_module_suite()", false, "run_module_suite", nil, nil},
		{"import numpy as np\nnp.ma.array([1]).tofile('x')", false, "tofile", nil, nil},
		{"import numpy as np, os\nnp.testing.assert_raises(OSError, os.remove, 'x')", false, "", nil, nil},
		// Version numbers: parsed and compared, nothing else. distutils'
		// spawn, file and directory helpers are not here.
		{"from distutils.version import StrictVersion\nprint(StrictVersion('2.34.1') > StrictVersion('2'))", true, "", nil, nil},
		{"from packaging.version import Version, parse\nprint(parse('1.2') < Version('1.10'), Version('1.2').major)", true, "", nil, nil},
		{"from packaging.specifiers import SpecifierSet\nfrom packaging.requirements import Requirement\nr = Requirement('numpy>=1.20')\nprint(SpecifierSet('>=1.0').contains('1.2'), r.name)", true, "", nil, nil},
		{"import distutils.version as v\nprint(v.LooseVersion('1.0.a') < v.LooseVersion('1.1'))", true, "", nil, nil},
		{"from distutils.spawn import spawn\nspawn(['rm', '-rf', 'build'])", false, "spawn", nil, nil},
		{"from distutils import dir_util\ndir_util.remove_tree('build')", false, "remove_tree", nil, nil},
		{"from distutils.file_util import copy_file\ncopy_file('a', '/home/u/.bashrc')", false, "copy_file", nil, nil},
		{"from distutils.core import run_setup\nrun_setup('setup.py')", false, "run_setup", nil, nil},
		// logging: messages to standard error, or to the file basicConfig
		// names; handlers that write elsewhere and configuration files
		// (which can name any class to build) are not here.
		{"import logging\nlogging.basicConfig(level=logging.DEBUG)\nlogging.debug('x %s', 1)", true, "", nil, nil},
		{"import logging\nlog = logging.getLogger(__name__)\nlog.setLevel(logging.INFO)\nlog.addHandler(logging.StreamHandler())\nlog.info('hi')\nlog.warning('w')", true, "", nil, nil},
		{"import logging\nlogging.basicConfig(filename='out/run.log', level=logging.INFO)\nlogging.info('x')", true, "", nil, []string{"out/run.log"}},
		{"import logging, os\nlogging.basicConfig(filename=os.path.expanduser('~/.bashrc'))", true, "", nil, []string{"~/.bashrc"}},
		{"import logging\nlogging.basicConfig(filename=name)", false, "computed", nil, nil},
		{"import logging\nlogging.getLogger().addHandler(logging.FileHandler('/etc/x.log'))", false, "FileHandler", nil, nil},
		{"import logging.config\nlogging.config.fileConfig('log.ini')", false, "fileConfig", nil, nil},
		// ElementTree and configparser read the files they are given.
		{"import xml.etree.ElementTree as ET\nroot = ET.parse('data/x.xml').getroot()\nprint(root.tag, [c.tag for c in root.findall('item')])", true, "", []string{"data/x.xml"}, nil},
		{"import configparser\nc = configparser.ConfigParser()\nc.read('setup.cfg')\nprint(c.sections(), c.get('metadata', 'name'))", true, "", []string{"setup.cfg"}, nil},
		{"import configparser, os\nc = configparser.ConfigParser()\nc.read(os.path.expanduser('~/.aws/credentials'))\nprint(dict(c['default']))", true, "", []string{"~/.aws/credentials"}, nil},
		{"import configparser\nc = configparser.ConfigParser()\nc.read(name)", false, "computed", nil, nil},
		{"import xml.etree.ElementTree as ET\nET.parse('https://x.example/a.xml')", false, "network", nil, nil},
		{"import xml.etree.ElementTree as ET\nET.parse('a.xml').write('/home/u/.bashrc')", true, "", []string{"a.xml"}, []string{"/home/u/.bashrc"}},
		// yaml's dumper and toml build text; gc, weakref and inspect's
		// source readers look only at what the code already holds.
		{"import yaml\nprint(yaml.dump({'a': 1}), yaml.safe_dump([1]))", true, "", nil, nil},
		{"import toml\nprint(toml.load('pyproject.toml')['project'], toml.dumps({'a': 1}))", true, "", []string{"pyproject.toml"}, nil},
		{"import gc, weakref\nclass A: pass\na = A()\nr = weakref.ref(a)\nprint(weakref.getweakrefcount(a))\ngc.collect()", true, "", nil, nil},
		{"import inspect, json\nprint(inspect.getsource(json.dumps), inspect.getsourcefile(json.dumps))", true, "", nil, nil},
		{"import sqlite3\nprint(sqlite3.sqlite_version)", true, "", nil, nil},
		{"import toml\ntoml.dump({'a': 1}, open('/home/u/.bashrc', 'w'))", true, "", nil, []string{"/home/u/.bashrc"}},
		{"import yaml\nyaml.unsafe_load(open('a.yml'))", false, "unsafe_load", nil, nil},
		{"import weakref, os\nweakref.finalize(x, os.system, 'rm -rf ~')", false, "", nil, nil},
		{"import gc\nprint(gc.get_objects())", false, "get_objects", nil, nil},
		// importlib.metadata lists what is installed; loading an entry
		// point or reading a file of a package is not listing.
		{"import importlib.metadata as md\nprint(sorted(d.metadata['Name'] for d in md.distributions())[:5])", true, "", nil, nil},
		{"from importlib.metadata import requires, version\nprint(requires('pandas'), version('numpy'))", true, "", nil, nil},
		{"import importlib.metadata\nprint(len(importlib.metadata.files('pip') or []))", true, "", nil, nil},
		{"import importlib.metadata as md\nmd.entry_points(group='console_scripts')['x'].load()", false, "", nil, nil},
		{"import importlib.metadata as md\nprint(md.files('pip')[0].read_text())", false, "", nil, nil},
		{"import importlib\nimportlib.import_module('os').system('id')", false, "", nil, nil},
		// openpyxl
		{"import openpyxl\nwb = openpyxl.load_workbook('a.xlsx')\nws = wb.active\nprint(ws['A1'].value)", true, "", []string{"a.xlsx"}, nil},
		{"from openpyxl import Workbook\nwb = Workbook()\nwb.active.append([1, 2])\nwb.save('b.xlsx')", true, "", nil, []string{"b.xlsx"}},
		{"import openpyxl\nfor row in openpyxl.load_workbook(filename='c.xlsx').active.iter_rows(values_only=True):\n    print(row)", true, "", []string{"c.xlsx"}, nil},
		{"import openpyxl\nwb = openpyxl.Workbook()\nwb.save(name)", false, "computed", nil, nil},
		// sqlite3
		{"import sqlite3\nc = sqlite3.connect('data/app.db')\nprint(c.execute('SELECT name FROM users LIMIT 5').fetchall())", true, "", []string{"data/app.db"}, nil},
		{"import sqlite3\nwith sqlite3.connect('app.db') as con:\n    cur = con.cursor()\n    cur.execute('PRAGMA table_info(users)')\n    print(cur.fetchall())", true, "", []string{"app.db"}, nil},
		{"import sqlite3, pandas as pd\ncon = sqlite3.connect('app.db')\nprint(pd.read_sql('SELECT * FROM t WHERE id = ?', con, params=(1,)))", true, "", []string{"app.db"}, nil},
		{"import sqlite3\nc = sqlite3.connect('app.db')\nc.execute('SELECT 1')\nc.execute(\"ATTACH '/etc/x.db' AS x\")", false, "ATTACH", nil, nil},
		{"import pandas as pd\nprint(pd.read_sql('SELECT 1', 'postgresql://u@db.example/x'))", false, "address", nil, nil},
		{"import pandas as pd\nprint(pd.read_sql('SELECT 1', con='sqlite:///app.db'))", false, "address", nil, nil},
		{"import sqlite3\nc = sqlite3.connect('app.db')\nc.execute('DELETE FROM users')", false, "not only read", nil, nil},
		{"import sqlite3\nc = sqlite3.connect('app.db')\nc.enable_load_extension(True)", false, "enable_load_extension", nil, nil},
		{"import sqlite3\nc = sqlite3.connect('app.db')\nc.execute(q)", false, "computed", nil, nil},
		{"import sqlite3\nc = sqlite3.connect('file:x.db?mode=rw', uri=True)", false, "URI", nil, nil},
		// matplotlib
		{"import matplotlib\nmatplotlib.use('Agg')\nimport matplotlib.pyplot as plt\nplt.plot([1, 2])\nplt.savefig('plot.png')", true, "", nil, []string{"plot.png"}},
		{"import matplotlib.pyplot as plt\nfig, ax = plt.subplots()\nax.bar(['a'], [1])\nax.set_title('t')\nfig.savefig('out/bar.png', dpi=100)", true, "", nil, []string{"out/bar.png"}},
		{"import matplotlib.pyplot as plt\nplt.hist([1, 2, 2])\nplt.tight_layout()\nplt.close()", true, "", nil, nil},
		{"import matplotlib.pyplot as plt\nplt.plot([1])\nplt.show()", false, "show", nil, nil},
		// PIL
		{"from PIL import Image\nim = Image.open('a.png')\nim.resize((10, 10)).save('b.png')", true, "", []string{"a.png"}, []string{"b.png"}},
		{"from PIL import Image\nprint(Image.open('a.png').size)", true, "", []string{"a.png"}, nil},
		{"from PIL import Image\nImage.new('RGB', (2, 2)).convert('L').save('g.png')", true, "", nil, []string{"g.png"}},
		{"from PIL import Image\nImage.open('a.png').show()", false, "show", nil, nil},
		// yaml, json, csv, shutil, os
		{"import yaml; print(yaml.safe_load(open('config.yml')))", true, "", []string{"config.yml"}, nil},
		{"import shutil\nshutil.copy('a.txt', 'backup/a.txt')", true, "", []string{"a.txt"}, []string{"backup/a.txt"}},
		{"import os\nos.makedirs('out/plots', exist_ok=True)", true, "", nil, []string{"out/plots"}},
		{"import yaml; yaml.load(open('config.yml'), Loader=yaml.Loader)", false, "yaml.load", nil, nil},
		{"import shutil\nshutil.move('a', 'b')", false, "shutil.move", nil, nil},
		{"import shutil\nshutil.rmtree('build')", false, "deletes", nil, nil},
		{"import requests\nrequests.get('https://x.example')", false, "network", nil, nil},
		{"eval('1')", false, "eval", nil, nil},
		// decimal, dis, tokenize, email.utils, codecs: the standard
		// library's computing that bug reproductions print
		{"from decimal import Decimal, ROUND_HALF_UP\nprint(Decimal('2.5').quantize(Decimal('1'), rounding=ROUND_HALF_UP))", true, "", nil, nil},
		{"import decimal\nprint(decimal.Decimal('2').sqrt().normalize().to_eng_string())", true, "", nil, nil},
		{"import dis\ndis.dis(len)\nfor i in dis.get_instructions('x + 1'):\n    print(i.opname)", true, "", nil, nil},
		{"import tokenize, io\nprint(list(tokenize.generate_tokens(io.StringIO('x = 1').readline)))", true, "", nil, nil},
		{"import email.utils\nprint(email.utils.formatdate(0, usegmt=True), email.utils.parseaddr('A <a@b.c>'))", true, "", nil, nil},
		{"import codecs\nprint(codecs.encode('abc', 'rot13'), codecs.decode(b'6869', 'hex'))", true, "", nil, nil},
		{"import decimal\nprint(decimal.Decimal('1').quantize(eval('1')))", false, "eval", nil, nil},
		{"import dis\ndis.dis(__import__('os'))", false, "__import__", nil, nil},
		{"import tokenize, os\ntokenize.generate_tokens(os.system)", false, "os.system", nil, nil},
		{"import tokenize\nprint(tokenize.open('x.py').read())", false, "tokenize.open", nil, nil},
		{"import email.utils\nprint(email.utils.make_msgid())", false, "make_msgid", nil, nil},
		{"import codecs, pickle\npickle.loads(codecs.decode(b'80', 'hex'))", false, "pickle", nil, nil},
		// typing's and dataclasses' markers, compression, mail and MIME
		// parsing, queues, dates and the version helpers
		{"import typing\nprint(typing.Annotated[int, 'x'], typing.ClassVar, typing.DefaultDict[str, int], typing.NewType('U', int))", true, "", nil, nil},
		{"import dataclasses, sys\nprint(dataclasses.MISSING, sys.float_repr_style)", true, "", nil, nil},
		{"import gzip, bz2, lzma\nprint(gzip.decompress(gzip.compress(b'x')), bz2.compress(b'x'), lzma.compress(b'x'))", true, "", nil, nil},
		{"import email, mimetypes\nprint(email.message_from_string('Subject: x\\n\\nbody')['Subject'], mimetypes.guess_type('a.json'))", true, "", nil, nil},
		{"import queue, fractions, array\nq = queue.Queue()\nq.put(1)\nprint(q.get(), q.qsize(), fractions.Fraction('0.25').limit_denominator(10), array.array('d', [1.0]).tobytes())", true, "", nil, nil},
		{"import dateutil.parser, pytz, six, pkg_resources\nprint(dateutil.parser.parse('2020-01-01'), pytz.timezone('UTC'), six.PY3, pkg_resources.parse_version('1.0'))", true, "", nil, nil},
		{"from typing_extensions import Literal, TypedDict\nprint(Literal['a'], TypedDict)", true, "", nil, nil},
		{"import typing\nprint(typing.get_type_hints(print))", false, "get_type_hints", nil, nil},
		{"import dataclasses\nprint(dataclasses.make_dataclass('C', ['x']))", false, "make_dataclass", nil, nil},
		{"import gzip\nprint(gzip.open('/etc/shadow.gz').read())", false, "gzip.open", nil, nil},
		{"import six\nsix.exec_('import os')", false, "exec_", nil, nil},
		{"import dateutil.parser\ndateutil.parser.parse('x', tzinfos=eval)", false, "eval", nil, nil},
		{"import array\narray.array('b').tofile(open('x', 'wb'))", false, "tofile", nil, nil},
		{"import queue, os\nq = queue.Queue()\nq.put(os.system)", false, "os.system", nil, nil},
		{"from unittest import mock\nmock.patch('os.system')", false, "patch", nil, nil},
		// capturing what code prints, and minidom's printing
		{"import contextlib, io\nf = io.StringIO()\nwith contextlib.redirect_stdout(f):\n    print('x')\nprint(repr(f.getvalue()))", true, "", nil, nil},
		{"import contextlib, io\nwith contextlib.redirect_stderr(io.StringIO()):\n    print(1)", true, "", nil, nil},
		{"import xml.dom.minidom\nd = xml.dom.minidom.parseString('<a><b/></a>')\nprint(d.toprettyxml(), d.toxml(), len(d.getElementsByTagName('b')))", true, "", nil, nil},
		{"import contextlib, os\nwith contextlib.chdir('/'):\n    print(1)", false, "chdir", nil, nil},
		{"import contextlib, os\nwith contextlib.redirect_stdout(os.system('id')):\n    pass", false, "os.system", nil, nil},
		{"import xml.dom.minidom\nxml.dom.minidom.parse('/etc/shadow').writexml(open('x', 'w'))", false, "minidom.parse", nil, nil},
	}
	checkLibraryCases(t, "python", tests)
}

// libraryCase is code and what reading it with the library table gives:
// contained with these reads and writes, or not, for a reason naming why.
type libraryCase struct {
	src       string
	contained bool
	why       string   // a part of Why when not contained
	reads     []string // when contained
	writes    []string
}

func checkLibraryCases(t *testing.T, lang string, tests []libraryCase) {
	t.Helper()
	for _, tt := range tests {
		r := Analyze(lang, tt.src)
		if r.Contained != tt.contained {
			t.Errorf("%q: contained %v (%s), want %v", tt.src, r.Contained, r.Why, tt.contained)
			continue
		}
		if !tt.contained {
			if !containsFold(r.Why, tt.why) {
				t.Errorf("%q: why %q, want it to mention %q", tt.src, r.Why, tt.why)
			}
			continue
		}
		if !slices.Equal(r.Reads, tt.reads) || !slices.Equal(r.Writes, tt.writes) {
			t.Errorf("%q: reads %q writes %q, want %q and %q", tt.src, r.Reads, r.Writes, tt.reads, tt.writes)
		}
	}
}

// TestLibraryProjectShadow: a project module named like a library is the
// project's code, not the library's table.
func TestLibraryProjectShadow(t *testing.T) {
	opt := Options{ProjectModule: func(top string) bool { return top == "pandas" }}
	r := AnalyzeWith("python", "import pandas as pd\npd.read_csv('x.csv')", opt)
	if len(r.Project) != 1 || len(r.Reads) != 0 {
		t.Errorf("got %+v, want the call taken for the project's pandas", r)
	}
}

// TestLibraryDatabases: an opened database file is listed for the policy.
func TestLibraryDatabases(t *testing.T) {
	r := Analyze("python", "import sqlite3\na = sqlite3.connect('a.db')\nb = sqlite3.connect(':memory:')")
	if !slices.Equal(r.Databases, []string{"a.db"}) {
		t.Errorf("databases %q, want a.db", r.Databases)
	}
}

// FuzzLibraryCalls: the library reader on library-shaped code keeps the
// tokenizers' promises.
func FuzzLibraryCalls(f *testing.F) {
	fuzzLang(f, "python", "import pandas as pd\npd.read_csv('a.csv', sep=';').to_csv(p, index=False)",
		"import sqlite3\nc = sqlite3.connect('a.db')\nc.execute('SELECT 1').fetchall()",
		"import numpy as np\nnp.load('x', allow_pickle=True)", "from PIL import Image\nImage.open(open('a'))", "import shutil\nshutil.copy(*a, **k)")
}

// TestLibraryCallsJavaScript: node's fs, by its arguments.
func TestLibraryCallsJavaScript(t *testing.T) {
	tests := []libraryCase{
		{"const fs = require('fs'); fs.copyFileSync('a.json', 'backup/a.json')", true, "", []string{"a.json"}, []string{"backup/a.json"}},
		{"const fs = require('fs'); fs.mkdirSync('out', {recursive: true}); fs.writeFileSync('out/x.txt', JSON.stringify({a: 1}))", true, "", nil, []string{"out", "out/x.txt"}},
		{"const fs = require('fs'); fs.createReadStream('big.log').pipe(process.stdout)", true, "", []string{"big.log"}, nil},
		{"const {readFileSync} = require('fs'); console.log(readFileSync(0, 'utf8').length)", true, "", nil, nil},
		{"const fs = require('fs'); fs.copyFileSync(src, 'x')", false, "computed", nil, nil},
		{"const fs = require('fs'); fs.copyFileSync(a = 'x', require('os').homedir() + '/.bashrc')", false, "computed", nil, nil},
		{"const fs = require('fs'); fs.copyFileSync(...args)", false, "spread", nil, nil},
		{"const fs = require('fs'); fs.writeFileSync`x`", false, "tagged template", nil, nil},
		{"const fs = require('fs'); fs.renameSync('a', 'b')", false, "renameSync", nil, nil},
		{"const fs = require('fs'); fs.rmSync('a', {recursive: true})", false, "deletes", nil, nil},
	}
	checkLibraryCases(t, "javascript", tests)
}
