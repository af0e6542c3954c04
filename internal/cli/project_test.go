package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// writeProject writes the project file of the module at dir.
func writeProject(t *testing.T, dir, text string) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(dir, ProjectFile), []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// The module's project file sets the flags a run does not: a
// -min-tokens there hides the module's classes as on the command line,
// a flag given on the command line wins over it, and its comments and
// blank lines say nothing. It is the file at the module's root, found
// from a folder below it.
func TestProjectFileFlags(t *testing.T) {
	dir := unpack(t, "module.txtar")
	_, _, code := run(t, append(small, "./...")...)
	if code != ExitClones {
		t.Fatalf("without a project file: exit %d, want %d", code, ExitClones)
	}
	writeProject(t, dir, "# the team's settings\n\n-min-tokens 1000   -min-lines=5\n")
	out, errs, code := run(t, "-cache=off", "./...")
	if code != ExitClean || errs != "" || !strings.Contains(out, "0 classes") {
		t.Errorf("-min-tokens 1000 in the file: exit %d, stdout %q, stderr %q; want no class", code, out, errs)
	}
	if _, _, code := run(t, append(small, "./...")...); code != ExitClones {
		t.Errorf("-min-tokens 40 on the command line over the file's 1000: exit %d, want %d", code, ExitClones)
	}
	t.Chdir(filepath.Join(dir, "stats"))
	if out, _, code := run(t, "-cache=off", "."); code != ExitClean || !strings.Contains(out, "0 classes") {
		t.Errorf("from a folder of the module: exit %d, stdout %q; want the root's file applied", code, out)
	}
}

// A line of the project file that cannot be used is said, with the
// file's path from the working directory and its line, and left out;
// the other lines apply and the run goes on. Run-only flags are said to
// be so.
func TestProjectFileBadLines(t *testing.T) {
	dir := unpack(t, "module.txtar")
	writeProject(t, dir, strings.Join([]string{
		"-o report.json",
		"-tests false",
		"-min-lines=0",
		"-near=maybe",
		"./...",
		"-min-tokenz 5",
		"-min-tokens 1000",
	}, "\n"))
	out, errs, code := run(t, "-cache=off", "./...")
	for _, want := range []string{
		".copycat.flags:1: -o is a flag of a run, not of a project",
		".copycat.flags:2: -tests is a boolean flag: write -tests=false; the line is left out",
		".copycat.flags:3: -min-lines must be at least 1, not 0",
		".copycat.flags:4: -near takes true or false, not \"maybe\"",
		".copycat.flags:5: \"./...\" is no flag",
		".copycat.flags:6: flag provided but not defined: -min-tokenz (did you mean -min-tokens?)",
	} {
		if !strings.Contains(errs, "copycat: warning: "+want) {
			t.Errorf("stderr lacks %q:\n%s", want, errs)
		}
	}
	if strings.Contains(errs, dir) {
		t.Errorf("the file named by its absolute path:\n%s", errs)
	}
	if code != ExitClean || !strings.Contains(out, "0 classes") {
		t.Errorf("exit %d, stdout %q: want line 7's -min-tokens 1000 applied", code, out)
	}
}

// A project file that is no regular file (a named pipe no one writes to)
// is refused at once, none of it applied; so is one past MaxProjectFile.
func TestProjectFileSpecial(t *testing.T) {
	dir := unpack(t, "module.txtar")
	pipe := filepath.Join(dir, ProjectFile)
	if err := syscall.Mkfifo(pipe, 0o644); err != nil {
		t.Skip(err)
	}
	done := make(chan struct{})
	var errs string
	var code int
	go func() {
		defer close(done)
		_, errs, code = run(t, append(small, "./...")...)
	}()
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		t.Fatal("still waiting 30 s later")
	}
	if code != ExitClones || !strings.Contains(errs, ".copycat.flags: not a regular file (named pipe), not read; none of its flags apply") {
		t.Errorf("named pipe: exit %d, stderr %q", code, errs)
	}
	os.Remove(pipe)
	// -min-tokens 40 finds more of the module's classes than the
	// default 100.
	defaults, _, _ := run(t, "-cache=off", "-min-lines", "5", "./...")
	writeProject(t, dir, "-min-tokens 40\n")
	more, _, code := run(t, "-cache=off", "-min-lines", "5", "./...")
	if code != ExitClones || more == defaults {
		t.Fatalf("-min-tokens 40 in the file: exit %d, want %d and more classes than the defaults':\n%s", code, ExitClones, more)
	}
	writeProject(t, dir, "-min-tokens 40\n"+strings.Repeat("# padding\n", MaxProjectFile/10))
	out, errs, _ := run(t, "-cache=off", "-min-lines", "5", "./...")
	if out != defaults || !strings.Contains(errs, "copycat: warning: .copycat.flags: larger than 65536 bytes, the most a project file holds; none of its flags apply") {
		t.Errorf("too large: stdout\n%s\nstderr %q; want it refused whole, the defaults' output:\n%s", out, errs, defaults)
	}
}

// copycat history reads the project file too.
func TestProjectFileHistory(t *testing.T) {
	dir := unpack(t, "module.txtar")
	writeProject(t, dir, "-min-tokenz 5\n")
	var out, errb bytes.Buffer
	Run([]string{"history", "-cache=off"}, &out, &errb)
	errs := errb.String()
	if !strings.Contains(errs, "copycat: warning: .copycat.flags:1: flag provided but not defined: -min-tokenz") {
		t.Errorf("history's stderr: %q", errs)
	}
}
