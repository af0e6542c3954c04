package main

import (
	"testing"
)

// What copycat lsp does not take on its command line is a usage error,
// as the report's is: exit 2 and one line, then where the usage is. It
// exited 1, and -min-tokens abc printed the flag package's "parse error"
// after the whole usage.
func TestLspUsageErrors(t *testing.T) {
	_, bin := builtCopycat(t, "builds copycat")
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"lsp", "-min-tokens", "abc"}, "copycat lsp: -min-tokens takes a whole number, not \"abc\"\nrun 'copycat lsp -h' for usage\n"},
		{[]string{"lsp", "-min-token", "50"}, "copycat lsp: flag provided but not defined: -min-token (did you mean -min-tokens?)\nrun 'copycat lsp -h' for usage\n"},
		{[]string{"lsp", "-severity", "loud"}, "copycat lsp: -severity: unknown severity \"loud\" (want information, warning, hint or error)\n"},
		{[]string{"-q", "lsp"}, "copycat lsp: flag provided but not defined: -q\nrun 'copycat lsp -h' for usage\n"},
	} {
		r := runIn(t, bin, t.TempDir(), tt.args...)
		if r.code != 2 || r.out != "" || r.err != tt.want {
			t.Errorf("copycat %q: exit %d, stdout %q, stderr %q; want exit 2, stderr %q", tt.args, r.code, r.out, r.err, tt.want)
		}
	}
}

// copycat cache says a flag it does not take as the report does, through
// the binary too.
func TestCacheFlagError(t *testing.T) {
	_, bin := builtCopycat(t, "builds copycat")
	r := runIn(t, bin, t.TempDir(), "cache", "stats", "-cahe", t.TempDir())
	want := "copycat cache: flag provided but not defined: -cahe (did you mean -cache?)\nrun 'copycat cache -h' for usage\n"
	if r.code != 2 || r.out != "" || r.err != want {
		t.Errorf("copycat cache stats -cahe DIR: exit %d, stdout %q, stderr %q; want exit 2, stderr %q", r.code, r.out, r.err, want)
	}
}
