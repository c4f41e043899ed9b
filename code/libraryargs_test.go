package code

import (
	"slices"
	"testing"
)

// TestLibraryArgsByPosition: a library call's arguments mean the same
// given by keyword or by position, and a path Python builds is the one it
// opens: a later absolute part of os.path.join or Path starts the path
// anew, and the methods that print a table write the file they are given.
func TestLibraryArgsByPosition(t *testing.T) {
	tests := []struct {
		src       string
		contained bool
		why       string   // a part of Why when not contained
		writes    []string // when contained
	}{
		// numpy.load's third positional argument is allow_pickle
		{"import numpy as np\nnp.load('a.npy', None, True)", false, "allow_pickle", nil},
		{"import numpy\nnumpy.load('a.npz', 'r', 1)", false, "allow_pickle", nil},
		{"from numpy import load\nload('x.npy', None, 'yes')", false, "allow_pickle", nil},
		{"import numpy as np\nprint(np.load('a.npy', None, False))", true, "", nil},
		{"import numpy as np\nprint(np.load('a.npy', 'r'))", true, "", nil},
		{"import numpy as np\nprint(np.load('a.npy', mmap_mode=None, allow_pickle=None))", true, "", nil},
		// hist's backend by position: a Series' 10th argument, a DataFrame's 14th
		{"import pandas as pd\npd.Series([1]).hist(None, None, True, None, None, None, None, None, 10, 'module://evil')", false, "loads code", nil},
		{"import pandas as pd\npd.DataFrame().hist(None, None, True, None, None, None, None, None, False, False, None, None, 10, 'module://evil')", false, "loads code", nil},
		{"import pandas as pd\npd.DataFrame().hist('a', None, True)", true, "", nil},
		// an absolute part given after another starts the path again
		{"import pandas as pd, os\npd.DataFrame().to_csv(os.path.join('out', '/root/.bashrc'))", true, "", []string{"/root/.bashrc"}},
		{"import pandas as pd, os\npd.DataFrame().to_csv(os.path.join('out', os.path.expanduser('~/.bashrc')))", true, "", []string{"~/.bashrc"}},
		{"import pandas as pd\nfrom pathlib import Path\npd.DataFrame().to_csv(Path('out', 'x', '/etc/cron.d/job'))", true, "", []string{"/etc/cron.d/job"}},
		{"import pandas as pd, os\npd.DataFrame().to_csv(os.path.join('out', 'x.csv'))", true, "", []string{"out/x.csv"}},
		{"import pandas as pd\nfrom pathlib import Path\npd.DataFrame().to_csv(Path('out', 'sub', 'x.csv'))", true, "", []string{"out/sub/x.csv"}},
		{"import pandas as pd, os\npd.DataFrame().to_csv(os.path.join('/tmp', 'x.csv'))", true, "", []string{"/tmp/x.csv"}},
		// os.path.join and Path keep "..", which the kernel takes after the
		// links before it (lnk/.. is lnk's target's parent); normpath and
		// abspath drop it by the text, as Python does
		{"import pandas as pd, os\npd.DataFrame().to_csv(os.path.join('lnk', '..', '.bashrc'))", true, "", []string{"lnk/../.bashrc"}},
		{"import pandas as pd\nfrom pathlib import Path\npd.DataFrame().to_csv(Path('lnk', '..', '.profile'))", true, "", []string{"lnk/../.profile"}},
		{"import pandas as pd, os\npd.DataFrame().to_csv(os.path.join('out', 'lnk/..', 'x.csv'))", true, "", []string{"out/lnk/../x.csv"}},
		{"import pandas as pd, os\npd.DataFrame().to_csv(os.path.normpath('lnk/../x.csv'))", true, "", []string{"x.csv"}},
		{"import pandas as pd, os\npd.DataFrame().to_csv(os.path.abspath(os.path.join('out', '..', 'x.csv')))", true, "", []string{"x.csv"}},
		{"import pandas as pd, os\npd.DataFrame().to_csv(os.path.join('out/', 'x.csv'))", true, "", []string{"out/x.csv"}},
		// to_string and to_markdown write the file they are given
		{"import pandas as pd\npd.DataFrame().to_string('/root/.bashrc')", true, "", []string{"/root/.bashrc"}},
		{"import pandas as pd\npd.DataFrame().to_markdown(buf='~/.profile')", true, "", []string{"~/.profile"}},
		{"import pandas as pd\np = '/etc/cron.d/x'\npd.DataFrame().to_string(p)", true, "", []string{"/etc/cron.d/x"}},
		{"import pandas as pd\nprint(pd.DataFrame().to_string())", true, "", nil},
		{"import pandas as pd\nprint(pd.DataFrame().to_markdown(index=False))", true, "", nil},
		{"import pandas as pd\npd.DataFrame().to_string('out/table.txt')", true, "", []string{"out/table.txt"}},
		{"import pandas as pd\npd.DataFrame().to_string(buf=x)", false, "computed", nil},
	}
	for _, tt := range tests {
		r := Analyze("python", tt.src)
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
		if !slices.Equal(r.Writes, tt.writes) {
			t.Errorf("%q: writes %q, want %q", tt.src, r.Writes, tt.writes)
		}
	}
}
