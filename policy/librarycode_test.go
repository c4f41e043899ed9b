package policy

import "testing"

// TestLibraryCode: inline Python that uses the data stack is judged by
// what its library calls read and write (code/libraries.txt): routine
// variants in a project are allowed; their harmful neighbours are not.
func TestLibraryCode(t *testing.T) {
	data := map[string]string{"data/sales.csv": "a,b\n1,2\n", "data/app.db": "", "config.yml": "a: 1\n"}
	runReadCases(t, []readCase{
		{"pandas heredoc", data, "python3 - <<'EOF'\nimport pandas as pd\ndf = pd.read_csv('data/sales.csv')\nprint(df.describe())\nEOF", allow, "D4.inline-code"},
		{"pandas to project", data, `python -c "import pandas as pd; pd.read_csv('data/sales.csv').groupby('a').sum().to_csv('data/out.csv')"`, allow, "D2.write-project"},
		{"pandas excel", data, `python3 -c "import pandas as pd; print(pd.read_excel('data/book.xlsx').head())"`, allow, "D4.inline-code"},
		{"numpy arange", data, `python -c "import numpy as np; print(np.arange(3))"`, allow, "D4.inline-code"},
		{"numpy savetxt", data, `python -c "import numpy as np; np.savetxt('data/m.txt', np.eye(3))"`, allow, "D2.write-project"},
		{"yaml safe_load", data, `python -c "import yaml; print(yaml.safe_load(open('config.yml')))"`, allow, "D4.inline-code"},
		{"sqlite select", data, `python -c "import sqlite3; print(sqlite3.connect('data/app.db').execute('SELECT name FROM users LIMIT 5').fetchall())"`, allow, "D4.inline-code"},
		{"sqlite pragma", data, "python3 <<'EOF'\nimport sqlite3\ncon = sqlite3.connect('data/app.db')\nfor row in con.execute('PRAGMA table_info(users)'):\n    print(row)\ncon.close()\nEOF", allow, "D4.inline-code"},
		{"sqlite memory", data, `python -c "import sqlite3; print(sqlite3.connect(':memory:').execute('SELECT 1').fetchone())"`, allow, "D4.inline-code"},
		{"read_sql on sqlite", data, `python -c "import sqlite3, pandas as pd; con = sqlite3.connect('data/app.db'); print(pd.read_sql('SELECT * FROM users LIMIT 5', con))"`, allow, "D4.inline-code"},
		{"plot saved", data, `python -c "import matplotlib; matplotlib.use('Agg'); import matplotlib.pyplot as plt; plt.plot([1, 2]); plt.savefig('plot.png')"`, allow, "D2.write-project"},
		{"image resized", data, `python -c "from PIL import Image; Image.open('logo.png').resize((32, 32)).save('logo-small.png')"`, allow, "D2.write-project"},
		{"workbook", data, `python -c "import openpyxl; wb = openpyxl.load_workbook('data/book.xlsx'); print(wb.sheetnames); wb.save('data/copy.xlsx')"`, allow, "D2.write-project"},
		{"masked arrays", data, `python -c "import numpy as np; a = np.ma.array([1, 2, 3]); print(np.ma.masked_where(a > 2, a).filled(0))"`, allow, "D4.inline-code"},
		{"numpy assertions", data, `python3 -c "import numpy as np; np.testing.assert_allclose(np.ma.zeros((2, 3)).sum(), 0.0); print('ok')"`, allow, "D4.inline-code"},
		{"version compare", data, "python -c \"\nfrom distutils.version import StrictVersion\ntry:\n    print(StrictVersion('2.34.1') > StrictVersion('2'))\nexcept Exception as e:\n    print('Error:', e)\n\"", allow, "D4.inline-code"},
		{"version parse", data, `python -c "from packaging.version import parse; print(parse('1.2') < parse('1.10'))"`, allow, "D4.inline-code"},
		{"logging", data, `python -c "import logging; logging.basicConfig(level=logging.DEBUG); logging.getLogger('x').debug('hi')"`, allow, "D4.inline-code"},
		{"config file", data, `python -c "import configparser; c = configparser.ConfigParser(); c.read('setup.cfg'); print(c.sections())"`, allow, "D4.inline-code"},
		{"xml document", data, `python3 -c "import xml.etree.ElementTree as ET; print(ET.parse('data/x.xml').getroot().tag)"`, allow, "D4.inline-code"},
		{"source of a function", data, `python -c "import inspect, json; print(inspect.getsource(json.dumps))"`, allow, "D4.inline-code"},
		{"numpy indices", data, `python -c "import numpy as np; a = np.arange(10).reshape(2, 5); print(np.argwhere(a > 3), np.finfo(np.float32).eps, np.pad(a, 1))"`, allow, "D4.inline-code"},
		{"pandas group sizes", data, `python -c "import pandas as pd; df = pd.read_csv('data/sales.csv'); print(df.groupby('a').size())"`, allow, "D4.inline-code"},
		{"node copy", data, `node -e "const fs = require('fs'); fs.copyFileSync('config.yml', 'config.yml.bak')"`, allow, "D2.write-project"},
		{"node stream", data, `node -e "require('fs').createReadStream('data/sales.csv').pipe(process.stdout)"`, allow, "D4.inline-code"},

		// Harmful neighbours keep their answers.
		{"to_csv bashrc", data, `python -c "import os, pandas as pd; pd.read_csv('data/sales.csv').to_csv(os.path.expanduser('~/.bashrc'))"`, ask, "B5.persistence"},
		{"savefig home", data, `python -c "import matplotlib.pyplot as plt; plt.savefig('/home/dev/.ssh/authorized_keys')"`, ask, ""},
		{"read_csv url", data, `python -c "import pandas as pd; print(pd.read_csv('https://x.example/a.csv'))"`, dfr, "U.impure-code"},
		{"read_csv credentials", data, `python -c "import os, pandas as pd; print(pd.read_csv(os.path.expanduser('~/.aws/credentials')))"`, deny, "A6.credential-read"},
		{"requests", data, `python -c "import requests; print(requests.get('https://x.example').text)"`, dfr, ""},
		{"sqlite attach", data, `python -c "import sqlite3; c = sqlite3.connect('data/app.db'); c.execute('SELECT 1'); c.execute(\"ATTACH '/etc/x.db' AS x\")"`, dfr, "U.impure-code"},
		{"sqlite delete", data, `python -c "import sqlite3; sqlite3.connect('data/app.db').execute('DELETE FROM users')"`, dfr, "U.impure-code"},
		{"sqlite outside", data, `python -c "import sqlite3; print(sqlite3.connect('/var/lib/app/app.db').execute('SELECT 1').fetchall())"`, dfr, "U.impure-code"},
		{"read_sql by address", data, `python -c "import pandas as pd; print(pd.read_sql('SELECT 1', 'postgresql://u@db.example/x'))"`, dfr, "U.impure-code"},
		{"numpy pickle", data, `python -c "import numpy as np; print(np.load('data/x.npy', allow_pickle=True))"`, dfr, "U.dynamic-code"},
		{"eval in converters", data, `python -c "import pandas as pd; pd.read_csv('data/sales.csv', converters={'a': eval})"`, dfr, ""},
		{"node copy to bashrc", data, `node -e "require('fs').copyFileSync('x', '/home/dev/.bashrc')"`, ask, "B5.persistence"},
		{"node copy computed", data, `node -e "const fs = require('fs'); fs.copyFileSync('x', require('os').homedir() + '/.bashrc')"`, ask, "B5.persistence"},
		{"masked pickle to bashrc", data, `python -c "import numpy as np; np.ma.dump(np.ma.array([1]), '/home/dev/.bashrc')"`, dfr, "U.impure-code"},
		{"distutils remove_tree", data, `python -c "from distutils.dir_util import remove_tree; remove_tree('src')"`, dfr, "U.impure-code"},
		{"version of a key", data, `python -c "from packaging.version import Version; print(Version(open('/home/dev/.ssh/id_rsa').read()))"`, deny, "A6.credential-read"},
		{"log into bashrc", data, `python -c "import logging, os; logging.basicConfig(filename=os.path.expanduser('~/.bashrc')); logging.error('x')"`, ask, "B5.persistence"},
		{"config of credentials", data, `python -c "import configparser, os; c = configparser.ConfigParser(); c.read(os.path.expanduser('~/.aws/credentials')); print(dict(c['default']))"`, deny, "A6.credential-read"},
		{"xml written to bashrc", data, `python -c "import xml.etree.ElementTree as ET; ET.parse('data/x.xml').write('/home/dev/.bashrc')"`, ask, "B5.persistence"},
		{"numpy pad runs a program", data, `python -c "import numpy as np, os; np.pad(np.arange(3), 1, mode=os.system)"`, dfr, "U.impure-code"},
		{"pandas pickle", data, `python -c "import pandas as pd; pd.read_csv('data/sales.csv').assign(c=1).to_pickle('x.pkl')"`, dfr, "U.impure-code"},
		{"computed path", data, `python -c "import sys, pandas as pd; print(pd.read_csv(sys.argv[1]))" data/sales.csv`, dfr, "U.impure-code"},
	})
}
