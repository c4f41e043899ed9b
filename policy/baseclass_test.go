package policy

import "testing"

// A class of the project's code that derives from a library's class runs
// the library's class machinery, which its import already trusts: a
// pydantic model or an SQLAlchemy declarative base is not a module hidden
// in a value. Each routine case deferred ("uses the module BaseModel as a
// value"); each neighbour derives from a class whose calls spawn or
// delete, or aliases a module, and still does not pass.
func TestLibraryBaseClasses(t *testing.T) {
	model := "from pydantic import BaseModel\n\nclass User(BaseModel):\n    name: str\n"
	test := "from models import User\n\ndef test_u():\n    assert User(name='a').name == 'a'\n"
	runReadCases(t, []readCase{
		{"pydantic model under pytest", map[string]string{"models.py": model, "test_m.py": test}, "python -m pytest -q", allow, ""},
		{"declarative base and a mixin", map[string]string{"db.py": "from sqlalchemy.orm import DeclarativeBase\nfrom app_mixins import Mixin\n\nclass Base(DeclarativeBase, Mixin):\n    pass\n", "app_mixins.py": "class Mixin:\n    pass\n"}, "python -c 'import db'", allow, ""},
		{"metaclass from a library", map[string]string{"m.py": "from abc import ABCMeta\nfrom attr import Factory\n\nclass S(metaclass=ABCMeta):\n    pass\n"}, "python -c 'import m'", allow, ""},
		// Neighbours.
		{"a subclass of Popen called", map[string]string{"m.py": "from subprocess import Popen\n\nclass P(Popen):\n    pass\n\nP(['rm', '-rf', '/home/dev'])\n"}, "python -c 'import m'", ask, ""},
		{"a module taken as a value", map[string]string{"m.py": "from os import path as p\nx = p\n"}, "python -c 'import m'", dfr, "U.dynamic-code"},
		{"a library name called through a variable", map[string]string{"m.py": "from mystery import Thing\nt = Thing\nt.run('x')\n"}, "python -c 'import m'", dfr, ""},
	})
}

// TestStandardLibraryBaseClasses: a standard library class's constructor
// may write or connect; a subclass is judged as the class (each was
// allowed by the exemption for library classes).
func TestStandardLibraryBaseClasses(t *testing.T) {
	runReadCases(t, []readCase{
		{"FileIO onto a dotfile", nil, "python3 -c 'from io import FileIO\nclass F(FileIO): pass\nF(\"/home/dev/.bashrc\", \"a\").write(b\"x\")'", dfr, ""},
		{"GzipFile over a profile", nil, "python3 -c 'from gzip import GzipFile\nclass G(GzipFile): pass\nG(\"/home/dev/.profile\", \"wb\")'", dfr, ""},
		{"an NNTP connection", nil, "python3 -c 'from nntplib import NNTP\nclass N(NNTP): pass\nN(\"evil.example\")'", dfr, ""},
		{"a pandas writer", nil, "python3 -c 'from pandas import ExcelWriter\nclass W(ExcelWriter): pass\nW(\"/home/dev/.bashrc\")'", dfr, ""},
	})
}
