package code

import "testing"

func BenchmarkAnalyzePython(b *testing.B) {
	for b.Loop() {
		Analyze("python", `import json; print(json.load(open('x.json'))['k'])`)
	}
}

func BenchmarkAnalyzeJavaScript(b *testing.B) {
	for b.Loop() {
		Analyze("javascript", `console.log(JSON.parse(require('fs').readFileSync('package.json', 'utf8')).version)`)
	}
}
