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
