package report

import (
	"bytes"
	"context"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// chromium finds a headless browser: Debian's chromium, which CI
// installs, or another build of it.
func chromium(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("ARBITER_REQUIRE_BROWSER") != "" {
		t.Fatal("ARBITER_REQUIRE_BROWSER is set and no chromium is on PATH")
	}
	t.Skip("no chromium on PATH: skipping the browser test (on Debian: apt-get install -y chromium)")
	return ""
}

// browse opens a file in a fresh headless browser profile with the
// page's console logged to stderr, and returns what it printed on
// stdout and every console line (messages, uncaught errors, blocked
// loads) it logged.
func browse(t *testing.T, browser, page string, args ...string) (stdout []byte, console []string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	base := []string{"--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
		"--disable-component-update", "--disable-sync", "--no-first-run", "--user-data-dir=" + t.TempDir(),
		"--enable-logging=stderr", "--v=0", "--window-size=1280,1600"}
	cmd := exec.CommandContext(ctx, browser, append(append(base, args...), "file://"+page)...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		t.Fatalf("%s: %v\n%s", browser, err, errb.String())
	}
	for _, l := range strings.Split(errb.String(), "\n") {
		if strings.Contains(l, ":CONSOLE") {
			console = append(console, l)
		}
	}
	return out.Bytes(), console
}

func writeTestPage(t *testing.T, dir, name, html string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(html), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

// The report, opened in a real browser: no console message of any kind
// (a script error, a blocked load), every section in the rendered page,
// and a screenshot that is not blank.
func TestReportInBrowser(t *testing.T) {
	browser := chromium(t)
	dir := t.TempDir()

	// The console check is known to work: a page with a script error
	// and a blocked load shows both.
	bad := writeTestPage(t, dir, "bad.html", `<!doctype html><meta http-equiv="Content-Security-Policy" content="default-src 'none'"><img src="https://example.com/x.png"><p>x</p>`)
	if _, console := browse(t, browser, bad, "--dump-dom"); len(console) == 0 {
		t.Fatal("the browser logged nothing for a page whose load is blocked: the console check cannot see errors")
	}

	page := writeTestPage(t, dir, "report.html", render(t, sample(t)))
	dom, console := browse(t, browser, page, "--dump-dom")
	if len(console) > 0 {
		t.Errorf("the page logged to the console:\n%s", strings.Join(console, "\n"))
	}
	for _, id := range Sections {
		if !bytes.Contains(dom, []byte(`<section id="`+id+`">`)) {
			t.Errorf("the rendered page has no section %q", id)
		}
	}
	if bytes.Contains(dom, []byte("<script")) {
		t.Error("the rendered page holds a script")
	}

	shot := filepath.Join(dir, "report.png")
	_, console = browse(t, browser, page, "--screenshot="+shot, "--hide-scrollbars")
	if len(console) > 0 {
		t.Errorf("the page logged to the console:\n%s", strings.Join(console, "\n"))
	}
	checkNotBlank(t, shot)
	if keep := os.Getenv("ARBITER_REPORT_SCREENSHOT"); keep != "" {
		b, err := os.ReadFile(shot)
		if err == nil {
			err = os.WriteFile(keep, b, 0o644)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
}

// checkNotBlank asserts a screenshot shows a page: many colours, and a
// good share of pixels unlike the background.
func checkNotBlank(t *testing.T, path string) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("no screenshot: %v", err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("the screenshot is not a PNG: %v", err)
	}
	b := img.Bounds()
	if b.Dx() < 1000 || b.Dy() < 1000 {
		t.Errorf("the screenshot is %dx%d, want the window's 1280x1600", b.Dx(), b.Dy())
	}
	bg := img.At(b.Min.X, b.Min.Y)
	colours := map[[3]uint32]bool{}
	unlike, total := 0, 0
	for y := b.Min.Y; y < b.Max.Y; y += 2 {
		for x := b.Min.X; x < b.Max.X; x += 2 {
			c := img.At(x, y)
			r, g, bl, _ := c.RGBA()
			colours[[3]uint32{r >> 8, g >> 8, bl >> 8}] = true
			total++
			if !same(c, bg) {
				unlike++
			}
		}
	}
	if len(colours) < 50 || unlike*100 < total*5 {
		t.Errorf("the screenshot looks blank: %d colours, %d of %d pixels unlike the background", len(colours), unlike, total)
	}
	// The decisions' colours are there: the charts were drawn.
	if !hasColour(img, 0x2e, 0x8b, 0x57) || !hasColour(img, 0xc0, 0x39, 0x2b) {
		t.Error("the screenshot lacks the allow and deny colours: no chart was drawn")
	}
}

func same(a, b interface{ RGBA() (r, g, b, a uint32) }) bool {
	r1, g1, b1, _ := a.RGBA()
	r2, g2, b2, _ := b.RGBA()
	return r1 == r2 && g1 == g2 && b1 == b2
}

func hasColour(img image.Image, r, g, b uint8) bool {
	bd := img.Bounds()
	near := func(a uint32, want uint8) bool { d := int(a>>8) - int(want); return d > -12 && d < 12 }
	for y := bd.Min.Y; y < bd.Max.Y; y += 2 {
		for x := bd.Min.X; x < bd.Max.X; x += 2 {
			cr, cg, cb, _ := img.At(x, y).RGBA()
			if near(cr, r) && near(cg, g) && near(cb, b) {
				return true
			}
		}
	}
	return false
}
