package code

import "testing"

// TestLibraryCallsStandardLibrary: the standard library's parsing,
// testing and introspection helpers that bug reproductions use compute
// only. Each routine case was not contained ("not on the side-effect-free
// list"); each neighbour loads, runs or unpickles and stays not contained.
func TestLibraryCallsStandardLibrary(t *testing.T) {
	checkLibraryCases(t, "python", []libraryCase{
		{"import ast\ntree = ast.parse('def f(): pass')\nprint([n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)])", true, "", nil, nil},
		{"import ast\nclass V(ast.NodeVisitor):\n    def visit_Call(self, node):\n        print(ast.dump(node))\n        self.generic_visit(node)\nV().visit(ast.parse('f(1)'))", true, "", nil, nil},
		{"import unittest\nclass T(unittest.TestCase):\n    def test_a(self):\n        self.assertEqual(1 + 1, 2)\n        self.assertIn(1, [1])\nT('test_a').test_a()", true, "", nil, nil},
		{"from unittest.mock import MagicMock, call\nm = MagicMock(return_value=3)\nm.assert_not_called()\nprint(m.call_args == call(1))", true, "", nil, nil},
		{"import pickle\nprint(len(pickle.dumps({'a': 1}, protocol=4)))", true, "", nil, nil},
		{"import asyncio\nasync def main():\n    await asyncio.sleep(0)\n    return await asyncio.gather(asyncio.sleep(0, result=1))\nprint(asyncio.run(main()))", true, "", nil, nil},
		{"import inspect\nclass P:\n    x = 1\nprint([n for n, _ in inspect.getmembers(P) if not n.startswith('_')])", true, "", nil, nil},
		{"import pytest\nprint(0.1 + 0.2 == pytest.approx(0.3))", true, "", nil, nil},
		{"import warnings\nwith warnings.catch_warnings(record=True) as w:\n    warnings.simplefilter('always')\n    warnings.warn('x')\nprint(len(w))", true, "", nil, nil},
		// Neighbours: unpickling, patching by a name, subprocesses, code
		// compiled from a tree and run.
		{"import pickle\nprint(pickle.loads(open('x.pkl', 'rb').read()))", false, "pickle", nil, nil},
		{"from unittest import mock\nwith mock.patch('os.system'):\n    pass", false, "", nil, nil},
		{"import asyncio\nasync def main():\n    await asyncio.create_subprocess_exec('rm', '-rf', 'x')\nasyncio.run(main())", false, "", nil, nil},
		{"import ast\nexec(compile(ast.parse('print(1)'), 'x', 'exec'))", false, "", nil, nil},
		{"import ast\nast.main()", false, "", nil, nil},
	})
}
