package policy

import (
	"io"
	"os"
	"path"

	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/code"
	"github.com/arbitergate/arbiter/project"
	"github.com/arbitergate/arbiter/shell"
)

// imageRunsProgram reports (and fires) an image the code opens whose
// content Pillow renders by running another program: PostScript, which
// its EPS decoder hands to Ghostscript, whatever the file's name. An image
// the command line writes first is not on disk to look at.
func (j *judgement) imageRunsProgram(c *shell.Command, name string, r code.Report) bool {
	for _, img := range r.Images {
		abs := j.res.Resolve(img, c.Dir)
		why := ""
		switch {
		case c.DirUnknown && !path.IsAbs(img):
			why = "relative to a directory the analysis cannot tell"
		case j.writtenHere(abs):
			why = "which the command line writes first, so its content is not on disk to read"
		default:
			head, err := fileHead(abs, 4)
			j.noteRead(abs, project.File{Kind: project.Text, Text: string(head)}, err)
			switch {
			case project.IsNotExist(err):
			case err != nil:
				why = "which cannot be read"
			case string(head) == "%!PS" || string(head) == "\xc5\xd0\xd3\xc6":
				why = "which is PostScript: Pillow renders it by running Ghostscript"
			}
		}
		if why != "" {
			j.fireWith(catalog.UImpureCode, c.String(), name+" code opens the image "+img+", "+why)
			return true
		}
	}
	return false
}

// fileHead returns up to n bytes from the start of a file.
func fileHead(abs string, n int) ([]byte, error) {
	f, err := os.Open(abs)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b := make([]byte, n)
	k, err := io.ReadFull(f, b)
	if err == io.ErrUnexpectedEOF || err == io.EOF {
		err = nil
	}
	return b[:k], err
}
