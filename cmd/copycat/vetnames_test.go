package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestGoVetNamesFilesFromTheModuleRoot checks that go vet's diagnostics
// name the other copy by its path from the module's root, as the command
// line run there does, not by a bare file name that the reader of go
// vet's output, in whatever directory, cannot find.
func TestGoVetNamesFilesFromTheModuleRoot(t *testing.T) {
	goCmd, bin := builtCopycat(t, "builds copycat and runs go vet")
	dir := unpack(t, filepath.Join("..", "..", "testdata", "vet", "nested.txtar"))
	cmd := exec.Command(goCmd, append([]string{"vet", "-vettool=" + bin}, append(vetFlags, "./...")...)...)
	cmd.Dir, cmd.Env = dir, append(os.Environ(), "GOFLAGS=", "GOWORK=off", "GOTOOLCHAIN=local")
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	var ee *exec.ExitError
	if err := cmd.Run(); !errors.As(err, &ee) || ee.ExitCode() != 1 {
		t.Fatalf("go vet: %v, want exit status 1; stderr:\n%s", err, errb.String())
	}
	var got []string
	for _, l := range diagnosticLines(errb.String()) {
		if strings.Contains(l, "duplicate of") {
			got = append(got, l)
		}
	}
	want := []string{
		"pkg/deep/a.go:4:1: duplicate of pkg/deep/b.go:3-13 (exact, 40 tokens, 2 copies)",
		"pkg/deep/b.go:3:1: duplicate of pkg/deep/a.go:4-14 (exact, 40 tokens, 2 copies)",
	}
	if !slices.Equal(got, want) {
		t.Errorf("got\n\t%s\nwant\n\t%s\nstderr:\n%s", strings.Join(got, "\n\t"), strings.Join(want, "\n\t"), errb.String())
	}
	// The command line, run at the root, names the files the same way
	// (and says more of the class after the copies' count).
	cli := exec.Command(bin, "-cache=off", "-all", "-min-tokens=20", "-min-lines=3", "-near=false", "./...")
	cli.Dir = dir
	text, _ := cli.Output()
	for _, w := range want {
		if prefix, _, _ := strings.Cut(w, ")"); !strings.Contains(string(text), prefix) {
			t.Errorf("the command line does not say %q:\n%s", prefix, text)
		}
	}
}
