package policy

import (
	"github.com/arbitergate/arbiter"
	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/shell"
)

// A program a compile of an earlier call wrote is not judged by its
// sources, as "gcc x.c -o x && ./x" is: the record shows what the compile
// read and that its sources still hold it, but not that nothing wrote the
// program since. The record holds only the writes whose file the shell
// analysis names; a later call's script that writes the file, a checkout,
// a touch that resets its time, a call run beside the compile or one a
// person let run are not in it, and the program's own bytes do not say
// what they were built from. So the record only makes the reason exact.

// buildRecord is what the session's record keeps of the compile that
// wrote f: every file the one-command reading reads, with the sum each
// holds now. Nil when the compile is not one that reading judges (a
// C-family or rustc compile of a program whose every word arbiter read),
// when the command line writes anything but compilers' programs (which
// could change a source before the compile and restore it after), or
// when a file cannot be read.
func (j *judgement) buildRecord(f writtenFile) *arbiter.CompiledBuild {
	b := f.build
	if b == nil || b.unknown != "" || len(b.goTargets) > 0 || len(b.sources) == 0 || !recordedCompiler(b.compiler) {
		return nil
	}
	for _, w := range j.written {
		if w.build == nil {
			return nil
		}
	}
	rd := &sourceReading{j: j, b: b, seen: map[string]bool{}, quiet: true}
	for _, s := range b.sources {
		rd.add(s.path, s.lang, true)
	}
	if rd.failed {
		return nil
	}
	out := &arbiter.CompiledBuild{Compiler: b.compiler, Includes: b.includes}
	given := map[string]bool{}
	for _, s := range b.sources {
		given[s.path] = true
	}
	for _, sf := range rd.files {
		out.Files = append(out.Files, arbiter.BuiltFile{Path: sf.path, Lang: sf.prog.Lang, Given: given[sf.path], Sum: sf.sum})
	}
	return out
}

// recordedCompiler names the compilers whose programs buildRecord keeps.
func recordedCompiler(program string) bool {
	switch shell.Canonical(program) {
	case "gcc", "g++", "cc", "c++", "clang", "clang++", "rustc":
		return true
	}
	return false
}

// earlierCompile defers running abs, which a compile of this session
// wrote (wf.Build), saying what is known of it and what is not.
func (j *judgement) earlierCompile(abs string, wf arbiter.WrittenFile, when, subj string) {
	shown := j.fileShown(abs)
	b := &compiledBuild{compiler: wf.Build.Compiler, includes: wf.Build.Includes}
	want := map[string][16]byte{}
	for _, f := range wf.Build.Files {
		want[f.Path] = f.Sum
		if f.Given {
			b.sources = append(b.sources, compiledSource{path: f.Path, lang: f.Lang})
		}
	}
	rd := &sourceReading{j: j, b: b, seen: map[string]bool{}, quiet: true}
	for _, s := range b.sources {
		rd.add(s.path, s.lang, true)
	}
	var changed []string
	for _, f := range rd.files {
		if sum, ok := want[f.path]; !ok || sum != f.sum {
			changed = append(changed, f.path)
		}
		delete(want, f.path)
	}
	for p := range want {
		changed = append(changed, p)
	}
	if rd.failed || len(changed) > 0 {
		what := "its sources cannot all be read now"
		if len(changed) > 0 {
			what = j.shownFiles(changed) + " changed after the compile"
		}
		j.fireWith(catalog.UStaleProgram, subj, shown+" was compiled "+when+", and "+what+", so what it runs is not what arbiter can read")
		return
	}
	j.fireWith(catalog.UUntracedProgram, subj, shown+" was compiled "+when+", and its sources still hold what they held then, but nothing records that no call wrote "+shown+" since (a script's write, a checkout, a call run beside the compile), so arbiter cannot tell that it runs them")
}
