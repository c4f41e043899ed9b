#!/bin/sh
# Regenerates the pycs beside this script with the machine's python3
# (3.11 when they were made): helper.cpython-311.pyc is helper.py's own
# bytecode; forged-*.py are what an attacker compiles and plants under
# helper.py's name (the tests rewrite the header's time and size to match
# helper.py).
set -e
cd "$(dirname "$0")"
for f in helper forged-system forged-text; do
	python3 -c "import py_compile, sys; py_compile.compile(sys.argv[1] + '.py', cfile=sys.argv[1] + '.cpython-311.pyc', invalidation_mode=py_compile.PycInvalidationMode.TIMESTAMP, doraise=True)" "$f"
done
