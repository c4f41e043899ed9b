package code

import (
	"testing"
)

// TestLibraryArgsByPosition: a library call's arguments mean the same
// given by keyword or by position, and a path Python builds is the one it
// opens: a later absolute part of os.path.join or Path starts the path
// anew, and the methods that print a table write the file they are given.
func TestLibraryArgsByPosition(t *testing.T) {
	tests := []libraryCase{
		// numpy.load's third positional argument is allow_pickle
		{"import numpy as np\nnp.load('a.npy', None, True)", false, "allow_pickle", nil, nil},
		{"import numpy\nnumpy.load('a.npz', 'r', 1)", false, "allow_pickle", nil, nil},
		{"from numpy import load\nload('x.npy', None, 'yes')", false, "allow_pickle", nil, nil},
		{"import numpy as np\nprint(np.load('a.npy', None, False))", true, "", []string{"a.npy"}, nil},
		{"import numpy as np\nprint(np.load('a.npy', 'r'))", true, "", []string{"a.npy"}, nil},
		{"import numpy as np\nprint(np.load('a.npy', mmap_mode=None, allow_pickle=None))", true, "", []string{"a.npy"}, nil},
		// hist's backend by position: a Series' 10th argument, a DataFrame's 14th
		{"import pandas as pd\npd.Series([1]).hist(None, None, True, None, None, None, None, None, 10, 'module://evil')", false, "loads code", nil, nil},
		{"import pandas as pd\npd.DataFrame().hist(None, None, True, None, None, None, None, None, False, False, None, None, 10, 'module://evil')", false, "loads code", nil, nil},
		{"import pandas as pd\npd.DataFrame().hist('a', None, True)", true, "", nil, nil},
		// an absolute part given after another starts the path again
		{"import pandas as pd, os\npd.DataFrame().to_csv(os.path.join('out', '/root/.bashrc'))", true, "", nil, []string{"/root/.bashrc"}},
		{"import pandas as pd, os\npd.DataFrame().to_csv(os.path.join('out', os.path.expanduser('~/.bashrc')))", true, "", nil, []string{"~/.bashrc"}},
		{"import pandas as pd\nfrom pathlib import Path\npd.DataFrame().to_csv(Path('out', 'x', '/etc/cron.d/job'))", true, "", nil, []string{"/etc/cron.d/job"}},
		{"import pandas as pd, os\npd.DataFrame().to_csv(os.path.join('out', 'x.csv'))", true, "", nil, []string{"out/x.csv"}},
		{"import pandas as pd\nfrom pathlib import Path\npd.DataFrame().to_csv(Path('out', 'sub', 'x.csv'))", true, "", nil, []string{"out/sub/x.csv"}},
		{"import pandas as pd, os\npd.DataFrame().to_csv(os.path.join('/tmp', 'x.csv'))", true, "", nil, []string{"/tmp/x.csv"}},
		// os.path.join and Path keep "..", which the kernel takes after the
		// links before it (lnk/.. is lnk's target's parent); normpath and
		// abspath drop it by the text, as Python does
		{"import pandas as pd, os\npd.DataFrame().to_csv(os.path.join('lnk', '..', '.bashrc'))", true, "", nil, []string{"lnk/../.bashrc"}},
		{"import pandas as pd\nfrom pathlib import Path\npd.DataFrame().to_csv(Path('lnk', '..', '.profile'))", true, "", nil, []string{"lnk/../.profile"}},
		{"import pandas as pd, os\npd.DataFrame().to_csv(os.path.join('out', 'lnk/..', 'x.csv'))", true, "", nil, []string{"out/lnk/../x.csv"}},
		{"import pandas as pd, os\npd.DataFrame().to_csv(os.path.normpath('lnk/../x.csv'))", true, "", nil, []string{"x.csv"}},
		{"import pandas as pd, os\npd.DataFrame().to_csv(os.path.abspath(os.path.join('out', '..', 'x.csv')))", true, "", nil, []string{"x.csv"}},
		{"import pandas as pd, os\npd.DataFrame().to_csv(os.path.join('out/', 'x.csv'))", true, "", nil, []string{"out/x.csv"}},
		// to_string and to_markdown write the file they are given
		{"import pandas as pd\npd.DataFrame().to_string('/root/.bashrc')", true, "", nil, []string{"/root/.bashrc"}},
		{"import pandas as pd\npd.DataFrame().to_markdown(buf='~/.profile')", true, "", nil, []string{"~/.profile"}},
		{"import pandas as pd\np = '/etc/cron.d/x'\npd.DataFrame().to_string(p)", true, "", nil, []string{"/etc/cron.d/x"}},
		{"import pandas as pd\nprint(pd.DataFrame().to_string())", true, "", nil, nil},
		{"import pandas as pd\nprint(pd.DataFrame().to_markdown(index=False))", true, "", nil, nil},
		{"import pandas as pd\npd.DataFrame().to_string('out/table.txt')", true, "", nil, []string{"out/table.txt"}},
		{"import pandas as pd\npd.DataFrame().to_string(buf=x)", false, "computed", nil, nil},
	}
	checkLibraryCases(t, "python", tests)
}
