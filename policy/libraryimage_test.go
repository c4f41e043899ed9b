package policy

import "testing"

// TestLibraryImages: Pillow picks an image's decoder by its content, and
// renders PostScript (EPS) by running Ghostscript on it: an image the code
// opens is read for that, whatever its name says.
func TestLibraryImages(t *testing.T) {
	const code = "python3 -c 'from PIL import Image; Image.open(\"a.png\").convert(\"L\").save(\"b.png\")'"
	runReadCases(t, []readCase{
		{"postscript named png", map[string]string{"a.png": "%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 1 1\n"}, code, dfr, "U.impure-code"},
		{"binary eps", map[string]string{"a.png": "\xc5\xd0\xd3\xc6\x1e\x00\x00\x00"}, code, dfr, "U.impure-code"},
		{"written first", map[string]string{"x.eps": "%!PS-Adobe-3.0\n"}, "cp x.eps a.png && " + code, dfr, "U.impure-code"},
		{"file object", map[string]string{"a.png": "%!PS-Adobe-3.0\n"}, "python3 -c 'from PIL import Image; Image.open(open(\"a.png\", \"rb\")).convert(\"L\")'", dfr, "U.impure-code"},

		{"png", map[string]string{"a.png": "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"}, code, allow, "D4.inline-code"},
		{"jpeg", map[string]string{"a.png": "\xff\xd8\xff\xe0\x00\x10JFIF"}, code, allow, "D4.inline-code"},
		{"not there", nil, code, allow, "D4.inline-code"},
	})
}
